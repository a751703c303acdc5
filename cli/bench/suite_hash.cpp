// dstu bench hash: single-core hash throughput (seed 002's hash table) over an
// in-memory buffer: 1 GiB per sample (64 MiB with --quick), MB/s = 10^6 bytes/s.
#include <vector>

#include "bench/bench.hpp"
#include "dstu/hash/gost28147.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {

void suite_hash(const Options& opt, std::vector<Record>& out) {
  const std::size_t chunk = std::size_t{64} << 20;
  const std::size_t total = opt.quick ? chunk : std::size_t{1} << 30;
  std::vector<std::uint8_t> buf(chunk);
  rng::ChaCha20Drbg(4, 0).fill(buf);
  const Budget budget{opt.quick ? 3 : 3, std::chrono::nanoseconds(1)};
  for (const std::string& name : hash::hasher_names()) {
    auto h = hash::make_hasher(name);
    out.push_back(throughput("hash", name, {{"bytes", total}}, 1, total, budget, [&] {
      for (std::size_t done = 0; done < total; done += chunk) h->update(buf);
      keep(h->final());
    }));
  }
  // GOST 28147-89 ECB with both round functions (the hash uses the table one).
  const std::vector<std::uint8_t> key(32, 0x5a);
  for (auto impl : {hash::Gost28147Impl::table_vartime, hash::Gost28147Impl::constant_time}) {
    const hash::Gost28147 cipher(key, hash::SBox::dke1(), impl);
    std::vector<std::uint8_t> block(std::size_t{1} << 20);
    const std::size_t bytes = opt.quick ? block.size() : 16 * block.size();
    out.push_back(throughput("hash",
                             impl == hash::Gost28147Impl::table_vartime ? "gost28147_ecb_table"
                                                                         : "gost28147_ecb_consttime",
                             {{"bytes", bytes}}, 1, bytes, budget, [&] {
                               for (std::size_t done = 0; done < bytes; done += block.size()) {
                                 cipher.ecb_encrypt(block, block);
                               }
                               keep(block);
                             }));
  }
}

}  // namespace dstu::cli::bench
