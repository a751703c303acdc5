// dstu bench hash: single-core hash throughput ([Crypto Library Slides] Performance #2)
// over messages of 16 MiB (2 MiB with --quick) fed from a 1 MiB buffer, as hash_fd feeds
// a file: every hash of the registry, HMAC over each and Kupyna-KMAC (the MACs as
// hash_file runs them, hash/mac.hpp), and GOST 28147-89 ECB with both round functions;
// MB/s = 10^6 bytes/s.
#include <vector>

#include "bench/bench.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/mac.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

/// Throughput of h over messages of message_bytes fed from buffer, as record `name`.
Record measure_hasher(const std::string& name, hash::Hasher& h, Json params, std::span<const std::uint8_t> buffer,
                      std::size_t message_bytes, const Budget& budget) {
  if (buffer.empty() || message_bytes % buffer.size() != 0) {
    throw_invalid("bench: a message that is not a multiple of the buffer");
  }
  params["bytes"] = message_bytes;
  return throughput("hash", name, std::move(params), 1, message_bytes, budget, [&] {
    for (std::size_t done = 0; done < message_bytes; done += buffer.size()) h.update(buffer);
    keep(h.final());
  });
}

}  // namespace

Record measure_hash(const std::string& name, std::span<const std::uint8_t> buffer, std::size_t message_bytes,
                    const Budget& budget) {
  auto h = hash::make_hasher(name);
  return measure_hasher(name, *h, Json::object(), buffer, message_bytes, budget);
}

Record measure_mac(hash::Mac mac, const std::string& hash_name, std::span<const std::uint8_t> buffer,
                   std::size_t message_bytes, const Budget& budget) {
  std::vector<std::uint8_t> key(hash::mac_key_size(mac, hash_name).value_or(32));
  rng::ChaCha20Drbg(4, 2).fill(key);
  auto h = hash::make_mac_hasher(mac, hash_name, key);
  const Json params = {{"mac", hash::mac_name(mac)}, {"hash", hash_name}};
  return measure_hasher(std::string(h->name()), *h, params, buffer, message_bytes, budget);
}

void suite_hash(const Options& opt, std::vector<Record>& out) {
  std::vector<std::uint8_t> buf(std::size_t{1} << 20);
  rng::ChaCha20Drbg(4, 0).fill(buf);
  const std::size_t message = opt.quick ? buf.size() * 2 : buf.size() * 16;
  const Budget budget{opt.quick ? 3 : 5, std::chrono::nanoseconds(1)};
  for (const std::string& name : hash::hasher_names()) out.push_back(measure_hash(name, buf, message, budget));
  for (const std::string& name : hash::hasher_names()) {
    out.push_back(measure_mac(hash::Mac::hmac, name, buf, message, budget));
  }
  for (const char* name : {"kupyna256", "kupyna384", "kupyna512"}) {
    out.push_back(measure_mac(hash::Mac::kmac, name, buf, message, budget));
  }
  // GOST 28147-89 ECB with both round functions (the hash uses the table one).
  const std::vector<std::uint8_t> key(32, 0x5a);
  for (auto impl : {cipher::Gost28147Impl::table_vartime, cipher::Gost28147Impl::constant_time}) {
    const cipher::Gost28147 gost(key, cipher::SBox::dke1(), impl);
    std::vector<std::uint8_t> block(std::size_t{1} << 20);
    const std::size_t bytes = opt.quick ? block.size() : 16 * block.size();
    out.push_back(throughput("hash",
                             impl == cipher::Gost28147Impl::table_vartime ? "gost28147_ecb_table"
                                                                           : "gost28147_ecb_consttime",
                             {{"bytes", bytes}}, 1, bytes, budget, [&] {
                               for (std::size_t done = 0; done < bytes; done += block.size()) {
                                 gost.ecb_encrypt(block, block);
                               }
                               keep(block);
                             }));
  }
}

}  // namespace dstu::cli::bench
