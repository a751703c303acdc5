// dstu bench seeds, source "002" ([Crypto Library Slides]), its symmetric tables re-measured
// on this machine, each row beside the slides' figures (published.hpp):
//   002:#1  block ciphers by mode, MB/s over 16 kB messages: GOST 28147-89, AES-128/192/256,
//           DES, TDES and Kalyna in its five sizes, in ECB, CTR, CFB, OFB, CBC, WRAP, MAC,
//           WRAP-P, XTS, GCM and CCM where the slides print a figure (suite cipher's
//           measurements: encryption, the MAC, the wrap; params.column names the column)
//   002:#2  hash, HMAC and KMAC throughput over 16 kB messages (suite hash's measurements)
//   002:#6  RSA key generation (mean over keys), PKCS#1 v1.5 signing and verification,
//           one thread, 512 ... 16384 bits (--quick: 512, 1024, 2048); 512 bits is never
//           generated here (FIPS 186-5), so its row has no key generation
//   002:#9  CTR of one block (ms on the iPhone 4S of the slides; here µs of one call that
//           makes the cipher under its key and runs CTR over one block)
// Tables #1 and #2 print an x86 and an x64 figure for each row; `published` holds both.
#include <algorithm>
#include <array>

#include "bench/bench.hpp"
#include "bench/published.hpp"
#include "bench/seeds.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

namespace pub = published;
using seeds::builds_002;
using seeds::row;

/// Table #1's columns: the data's column stem, the mode suite cipher measures for it, and
/// the heading the slides print.
struct Column {
  const char* stem;
  const char* mode;
  const char* printed;
};
constexpr Column kColumns[] = {{"ecb", "ecb_encrypt", "ECB"}, {"ctr", "ctr", "CTR"},
                               {"cfb", "cfb_encrypt", "CFB"}, {"ofb", "ofb", "OFB"},
                               {"cbc", "cbc_encrypt", "CBC"}, {"wrap", "kw", "WRAP"},
                               {"mac", "mac", "MAC"},         {"wrap_p", "kwp", "WRAP-P"},
                               {"xts", "xts_encrypt", "XTR"}, {"gcm", "gcm_encrypt", "GCM"},
                               {"ccm", "ccm_encrypt", "CCM"}};

/// The x86 and x64 figures of one column of a row of #1 or #2, flat: {x86_mb_s, x64_mb_s}.
Json builds(const std::pair<pub::Row, pub::Row>& p, const std::string& column) {
  return {{"cpu", pub::cpu("002")}, {"x86_mb_s", p.first.number(column)}, {"x64_mb_s", p.second.number(column)}};
}

Json hash_build(const pub::Row& b) {
  Json j = {{"hash_mb_s", b.number("hash_mb_s")}, {"hmac_mb_s", b.number("hmac_mb_s")}};
  if (b.printed("kmac_mb_s")) j["kmac_mb_s"] = b.number("kmac_mb_s");
  return j;
}

/// Makes `cipher` under `key` and runs its CTR over one block (the family's own CTR).
void one_block_ctr(const std::string& cipher, std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                   std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  const auto c = cipher::make_block_cipher(cipher, key);
  if (const auto* aes = dynamic_cast<const cipher::Aes*>(c.get())) return cipher::aes_ctr_crypt(*aes, iv, out, in);
  if (const auto* k = dynamic_cast<const cipher::Kalyna*>(c.get())) return cipher::kalyna_ctr_crypt(*k, iv, out, in);
  if (const auto* g = dynamic_cast<const cipher::Gost28147*>(c.get())) return g->ctr_crypt(out, in, iv);
  cipher::ctr_crypt(*c, iv, out, in);
}

}  // namespace

void seeds_ciphers_002(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 5)};
  for (const pub::Row& x86 : pub::rows("002:#1/x86")) {
    const std::string cipher = x86.text("cipher");
    const auto p = builds_002("002:#1", "cipher", cipher);
    if (!p) throw_invalid("bench seeds: 002:#1/x64 has no " + cipher);
    for (const Column& c : kColumns) {
      const std::string column = std::string(c.stem) + "_mb_s";
      if (!x86.printed(column)) continue;  // the slides' "-"
      Record r = row(measure_cipher(cipher, c.mode, 16384, 1, budget), c.mode, "002:#1", builds(*p, column));
      r.params["column"] = c.printed;
      out.push_back(std::move(r));
    }
  }
}

void seeds_hashes_002(const Options& opt, std::vector<Record>& out) {
  std::vector<std::uint8_t> message(16384);  // the source's 16 kB
  rng::ChaCha20Drbg(4, 1).fill(message);
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 2 : 20)};
  for (const pub::Row& x86 : pub::rows("002:#2/x86")) {
    const std::string hasher = x86.text("hasher");
    const auto p = builds_002("002:#2", "hasher", hasher);
    if (!p) throw_invalid("bench seeds: 002:#2/x64 has no " + hasher);
    const Json published = {{"cpu", pub::cpu("002")}, {"x86", hash_build(p->first)}, {"x64", hash_build(p->second)}};
    out.push_back(row(measure_hash(hasher, message, message.size(), budget), hasher, "002:#2", published));
    for (const auto& [mac, column] : {std::pair{hash::Mac::hmac, "hmac_mb_s"}, std::pair{hash::Mac::kmac, "kmac_mb_s"}}) {
      if (!x86.printed(column)) continue;
      const Record m = measure_mac(mac, hasher, message, message.size(), budget);
      out.push_back(row(m, m.name, "002:#2", builds(*p, column)));
    }
  }
}

void seeds_rsa_002(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)};
  const std::vector<int> quick{512, 1024, 2048};
  for (const pub::Row& x64 : pub::rows("002:#6/x64")) {
    const int bits = x64.integer("bits");
    if (opt.quick && std::find(quick.begin(), quick.end(), bits) == quick.end()) continue;
    const auto p = builds_002("002:#6", "bits", bits);
    if (!p) throw_invalid("bench seeds: 002:#6/x86 has no " + std::to_string(bits) + "-bit row");
    // Key generation's mean over several keys where it takes a fraction of a second.
    const int keys = opt.quick ? 1 : bits <= 4096 ? 5 : 1;
    for (const Record& m : measure_rsa(static_cast<std::size_t>(bits), keys, budget)) {
      // The figures of each build where the source prints one (the x86 table has no key
      // generation; '-' is null); a row with neither is not reported.
      const std::string column = m.name + "_ms";
      Json published = {{"cpu", pub::cpu("002")}};
      if (!pub::columns("002:#6/x86", column).empty() && p->first.printed(column)) {
        published["x86_ms"] = p->first.number(column);
      }
      if (p->second.printed(column)) published["x64_ms"] = p->second.number(column);
      if (published.size() > 1) out.push_back(row(m, m.name, "002:#6", published));
    }
  }
}

void seeds_ctr_002(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)};
  const std::string cpu = pub::table_text("002:#9", "cpu").value_or(pub::cpu("002"));
  std::array<std::uint8_t, 64> key{}, iv{}, in{}, block{};
  rng::ChaCha20Drbg(4, 9).fill(key);
  rng::ChaCha20Drbg(4, 10).fill(iv);
  for (const pub::Row& p : pub::rows("002:#9")) {
    const std::string cipher = p.text("cipher");
    const auto probe = cipher::make_block_cipher(cipher, std::span(key).first(32));  // all three take 32 octets
    const std::size_t b = probe->block_size();
    const Json published = {{"cpu", cpu}, {"encrypt_ms", p.number("encrypt_ms")}, {"decrypt_ms", p.number("decrypt_ms")}};
    // CTR decrypts by encrypting: both rows time the same call, each measured on its own.
    for (const char* direction : {"encrypt", "decrypt"}) {
      const Record r = time_op("cipher", direction, {{"cipher", cipher}, {"bytes", b}}, 1, "us", budget, [&] {
        one_block_ctr(cipher, std::span(key).first(32), std::span(iv).first(b), std::span(block).first(b),
                      std::span(in).first(b));
        keep(block);
      });
      out.push_back(row(r, direction, "002:#9", published));
    }
  }
}

}  // namespace dstu::cli::bench
