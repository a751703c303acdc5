// dstu bench cipher: MB/s (10^6 octets/s) per cipher and mode over 16 KiB messages, the
// size of [Crypto Library Slides] Performance #1, on one thread: every cipher of the
// registry in the confidentiality modes, with its MACs, AEADs and key wraps where its
// standard has them; then, on the team, the parallel forms (Split::always) beside their
// sequential twins at 16 KiB and at a size where a split has more to share, and
// speedup_MODE = the ratio of their medians.
#include <algorithm>
#include <functional>
#include <map>

#include "bench/bench.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_cmac.hpp"
#include "dstu/cipher/aes_gcm.hpp"
#include "dstu/cipher/aes_kw.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

using Op = std::function<void()>;
namespace ci = cipher;

/// Everything one measurement touches: the cipher under a random key, buffers, an IV.
struct Bench {
  std::unique_ptr<ci::BlockCipher> c;
  Bytes key, in, out, iv, tag;
  std::size_t bytes;

  Bench(const std::string& name, std::size_t n) : bytes(n) {
    rng::ChaCha20Drbg rng(27, n);
    for (std::size_t k : {8, 16, 24, 32, 64}) {  // the registry says which length it takes
      key.assign(k, 0);
      rng.fill(key);
      try {
        c = ci::make_block_cipher(name, key);
        break;
      } catch (const Error&) {
      }
    }
    if (!c) throw_invalid("bench cipher: no key length fits " + name);
    in.resize(n);
    out.resize(n + 2 * c->block_size());
    iv.resize(c->block_size());
    tag.resize(c->block_size());
    rng.fill(in);
    rng.fill(iv);
  }
  std::span<std::uint8_t> o() { return std::span<std::uint8_t>(out).first(bytes); }
  const ci::Aes* aes() const { return dynamic_cast<const ci::Aes*>(c.get()); }
  const ci::Kalyna* kalyna() const { return dynamic_cast<const ci::Kalyna*>(c.get()); }
  const ci::Gost28147* gost() const { return dynamic_cast<const ci::Gost28147*>(c.get()); }
};

/// The confidentiality modes: the family's own form where it has one (AES's fused CTR
/// and CBC, Kalyna's CTR and CFB, GOST's gamma and CFB), else the generic one.
Op confidentiality_op(Bench& b, const std::string& mode) {
  const ci::BlockCipher& c = *b.c;
  const auto* aes = b.aes();
  const auto* kal = b.kalyna();
  const auto* gost = b.gost();
  if (mode == "ecb_encrypt") return [&] { ci::ecb_encrypt(c, b.o(), b.in); };
  if (mode == "ecb_decrypt") return [&] { ci::ecb_decrypt(c, b.o(), b.in); };
  if (mode == "cbc_encrypt") {
    if (aes) return [&b, aes] { ci::aes_cbc_encrypt(*aes, b.iv, b.o(), b.in); };
    return [&] { ci::cbc_encrypt(c, b.iv, b.o(), b.in); };
  }
  if (mode == "cbc_decrypt") {
    if (aes) return [&b, aes] { ci::aes_cbc_decrypt(*aes, b.iv, b.o(), b.in); };
    return [&] { ci::cbc_decrypt(c, b.iv, b.o(), b.in); };
  }
  if (mode == "cfb_encrypt" || mode == "cfb_decrypt") {
    const bool enc = mode == "cfb_encrypt";
    if (kal) return [&b, kal, enc] { enc ? ci::kalyna_cfb_encrypt(*kal, b.iv, b.o(), b.in) : ci::kalyna_cfb_decrypt(*kal, b.iv, b.o(), b.in); };
    if (gost) return [&b, gost, enc] { enc ? gost->cfb_encrypt(b.o(), b.in, b.iv) : gost->cfb_decrypt(b.o(), b.in, b.iv); };
    return [&, enc] { enc ? ci::cfb_encrypt(c, b.iv, b.o(), b.in) : ci::cfb_decrypt(c, b.iv, b.o(), b.in); };
  }
  if (mode == "ofb") return [&] { ci::ofb_crypt(c, b.iv, b.o(), b.in); };
  if (mode == "ctr") {
    if (aes) return [&b, aes] { ci::aes_ctr_crypt(*aes, b.iv, b.o(), b.in); };
    if (kal) return [&b, kal] { ci::kalyna_ctr_crypt(*kal, b.iv, b.o(), b.in); };
    if (gost) return [&b, gost] { gost->ctr_crypt(b.o(), b.in, b.iv); };
    return [&] { ci::ctr_crypt(c, b.iv, b.o(), b.in); };
  }
  return nullptr;
}

/// The parallel forms (Split::always) of the modes with independent blocks, each the
/// split of the twin confidentiality_op measures.
Op parallel_op(Bench& b, const std::string& mode, int threads) {
  const ci::BlockCipher& c = *b.c;
  const auto* aes = b.aes();
  const auto* kal = b.kalyna();
  const auto* gost = b.gost();
  constexpr ci::Split kForce = ci::Split::always;
  if (mode == "ecb_encrypt") return [&, threads] { ci::ecb_encrypt_parallel(c, b.o(), b.in, threads, kForce); };
  if (mode == "cbc_decrypt") {
    if (aes) return [&b, aes, threads] { ci::aes_cbc_decrypt_parallel(*aes, b.iv, b.o(), b.in, threads, kForce); };
    return [&, threads] { ci::cbc_decrypt_parallel(c, b.iv, b.o(), b.in, threads, kForce); };
  }
  if (mode == "cfb_decrypt") {
    if (gost) return [&b, gost, threads] { gost->cfb_decrypt_parallel(b.o(), b.in, b.iv, threads, kForce); };
    return [&, threads] { ci::cfb_decrypt_parallel(c, b.iv, b.o(), b.in, 0, threads, kForce); };
  }
  if (mode == "ctr") {
    if (aes) {
      return [&b, aes, threads] {
        ci::aes_ctr_crypt_parallel(*aes, b.iv, b.o(), b.in, ci::Counter::big_endian, threads, kForce);
      };
    }
    if (kal) return [&b, kal, threads] { ci::kalyna_ctr_crypt_parallel(*kal, b.iv, b.o(), b.in, threads, kForce); };
    if (gost) return [&b, gost, threads] { gost->ctr_crypt_parallel(b.o(), b.in, b.iv, threads, kForce); };
    return [&, threads] { ci::ctr_crypt_parallel(c, b.iv, b.o(), b.in, ci::Counter::big_endian, threads, kForce); };
  }
  return nullptr;
}

/// The MACs, AEADs and key wraps of AES (SP 800-38B/D/F), DES/TDES (CMAC), Kalyna (DSTU
/// 7624:2014) and GOST 28147-89 (its MAC and the CMS key wrap, of one 32-octet key).
Op authenticated_op(Bench& b, const std::string& mode) {
  const ci::BlockCipher& c = *b.c;
  const auto* aes = b.aes();
  const auto* kal = b.kalyna();
  const auto* gost = b.gost();
  const std::span<std::uint8_t> tag(b.tag);
  if (mode == "mac") {
    if (kal) return [&b, kal, tag] { ci::kalyna_cmac(*kal, b.in, tag); };
    if (gost) return [&b, gost] { keep(gost->mac(b.in)); };
    return [&] { keep(ci::cmac(c, b.in)); };
  }
  if (kal) {
    const std::size_t length_octets = 4;  // 16 KiB and 1 MiB lengths fit in four octets
    if (mode == "gcm_encrypt") return [&b, kal, tag] { ci::kalyna_gcm_encrypt(*kal, b.iv, {}, b.in, b.o(), tag); };
    if (mode == "gcm_decrypt") {
      ci::kalyna_gcm_encrypt(*kal, b.iv, {}, b.in, b.o(), tag);
      b.in.assign(b.out.begin(), b.out.begin() + static_cast<std::ptrdiff_t>(b.bytes));  // a ciphertext and its tag
      return [&b, kal, tag] { keep(ci::kalyna_gcm_decrypt(*kal, b.iv, {}, b.in, tag, b.o())); };
    }
    if (mode == "gmac") return [&b, kal, tag] { ci::kalyna_gmac(*kal, b.in, tag); };
    if (mode == "ccm_encrypt") {
      return [&b, kal, tag, length_octets] { ci::kalyna_ccm_encrypt(*kal, b.iv, {}, b.in, b.o(), tag, length_octets); };
    }
    if (mode == "xts_encrypt") return [&b, kal] { ci::kalyna_xts_encrypt(*kal, b.iv, b.o(), b.in); };
    if (mode == "xts_decrypt") return [&b, kal] { ci::kalyna_xts_decrypt(*kal, b.iv, b.o(), b.in); };
    if (mode == "kw") return [&b, kal] { keep(ci::kalyna_kw_wrap(*kal, b.in)); };
    if (mode == "kwp") return [&b, kal] { keep(ci::kalyna_kwp_wrap(*kal, b.in)); };
  }
  if (aes) {
    const auto gcm = std::make_shared<ci::AesGcm>(b.key);
    const std::span<const std::uint8_t> iv12 = std::span<const std::uint8_t>(b.iv).first(12);
    if (mode == "gcm_encrypt") return [&b, gcm, tag, iv12] { gcm->encrypt(b.o(), tag, iv12, {}, b.in); };
    if (mode == "gcm_decrypt") {
      gcm->encrypt(b.o(), tag, iv12, {}, b.in);
      b.in.assign(b.out.begin(), b.out.begin() + static_cast<std::ptrdiff_t>(b.bytes));
      return [&b, gcm, tag, iv12] { keep(gcm->decrypt(b.o(), iv12, {}, b.in, tag)); };
    }
    if (mode == "gmac") return [&b, gcm, tag, iv12] { gcm->gmac(tag, iv12, b.in); };
    if (mode == "kw") return [&] { keep(ci::aes_kw_wrap(c, b.in)); };
    if (mode == "kwp") return [&] { keep(ci::aes_kwp_wrap(c, b.in)); };
  }
  if (gost && mode == "kw") {
    return [&b, gost] {
      keep(ci::gost28147_wrap(*gost, std::span<const std::uint8_t, 32>(b.in.data(), 32),
                              std::span<const std::uint8_t, 8>(b.iv.data(), 8)));
    };
  }
  return nullptr;
}

/// The message length a mode takes of `bytes`: KW with padding wraps what is not whole
/// blocks (one octet less), GOST's key wrap one 32-octet key.
std::size_t mode_bytes(const std::string& cipher, const std::string& mode, std::size_t bytes) {
  if (mode == "kwp") return bytes - 1;
  if (mode == "kw" && cipher == "gost28147") return 32;
  return bytes;
}

std::string cipher_path(const ci::BlockCipher& c) {
  if (dynamic_cast<const ci::Aes*>(&c)) return std::string(ci::aes_path());
  if (dynamic_cast<const ci::Tdes*>(&c)) return std::string(ci::des_path());
  if (dynamic_cast<const ci::Kalyna*>(&c)) return ci::kalyna_cpu_path();
  return "";
}

/// The parallel forms measured beside their twins.
const std::vector<std::string> kParallelModes = {"ecb_encrypt", "cbc_decrypt", "cfb_decrypt", "ctr"};

}  // namespace

std::vector<std::string> cipher_modes(const std::string& cipher) {
  std::vector<std::string> modes = {"ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt",
                                    "cfb_encrypt", "cfb_decrypt", "ofb",         "ctr",         "mac"};
  if (cipher.rfind("aes", 0) == 0) modes.insert(modes.end(), {"gcm_encrypt", "gcm_decrypt", "gmac", "kw", "kwp"});
  if (cipher.rfind("kalyna", 0) == 0) {
    modes.insert(modes.end(),
                 {"gcm_encrypt", "gcm_decrypt", "gmac", "ccm_encrypt", "xts_encrypt", "xts_decrypt", "kw", "kwp"});
  }
  if (cipher == "gost28147") modes.push_back("kw");
  return modes;
}

Record measure_cipher(const std::string& cipher, const std::string& mode, std::size_t bytes, int threads,
                      const Budget& budget) {
  const bool parallel = mode.size() > 9 && mode.compare(mode.size() - 9, 9, "_parallel") == 0;
  const std::string base = parallel ? mode.substr(0, mode.size() - 9) : mode;
  const std::size_t n = mode_bytes(cipher, base, bytes);
  Bench b(cipher, n);
  Op op = parallel ? parallel_op(b, base, threads) : confidentiality_op(b, base);
  if (!op) op = authenticated_op(b, base);
  if (!op) throw_invalid("bench cipher: no mode " + mode + " for " + cipher);
  Json params = {{"cipher", cipher}, {"bytes", n}};
  if (const std::string path = cipher_path(*b.c); !path.empty()) params["path"] = path;
  return throughput("cipher", mode, std::move(params), parallel ? threads : 1, n, budget, op);
}

void suite_cipher(const Options& opt, std::vector<Record>& out) {
  const std::size_t message = 16384, large = opt.quick ? std::size_t{256} << 10 : std::size_t{1} << 20;
  const Budget budget{opt.quick ? 3 : 7, std::chrono::milliseconds(opt.quick ? 1 : 2)};
  for (const std::string& cipher : ci::block_cipher_names()) {
    for (const std::string& mode : cipher_modes(cipher)) out.push_back(measure_cipher(cipher, mode, message, 1, budget));
  }
  if (opt.threads < 2) return;
  for (const std::string& cipher : ci::block_cipher_names()) {
    for (const std::size_t bytes : {message, large}) {
      for (const std::string& mode : kParallelModes) {
        const Record* one = nullptr;
        for (const Record& r : out) {
          if (r.suite == "cipher" && r.name == mode && r.threads == 1 && r.params.value("cipher", "") == cipher &&
              r.params.value("bytes", std::size_t{0}) == bytes) {
            one = &r;
          }
        }
        const Record twin = one != nullptr ? *one : measure_cipher(cipher, mode, bytes, 1, budget);
        if (one == nullptr) out.push_back(twin);
        const Record split = measure_cipher(cipher, mode + "_parallel", bytes, opt.threads, budget);
        out.push_back(split);
        Json params = {{"cipher", cipher}, {"bytes", bytes}, {"of", {split.name, twin.name}}};
        out.push_back(ratio_record("cipher", "speedup_" + mode, std::move(params), split, twin));
      }
    }
  }
}

}  // namespace dstu::cli::bench
