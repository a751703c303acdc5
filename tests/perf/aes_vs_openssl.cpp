// aes_vs_openssl: AES (and TDES) throughput of lib/cipher against OpenSSL's libcrypto
// (EVP) in the same process, one thread, 16 KiB messages: MB/s of each side and their
// ratio, per mode, key size and CPU path of ours. A benchmark, not a test: it prints and
// never fails. Samples of the two sides alternate (ours, OpenSSL, ours, ...) so that a
// shared machine's load falls on both; each figure is the median of the samples in this
// thread's CPU time (tests/perf/per_call.hpp), a ratio the ratio of the medians
// (dstu::stats). OpenSSL runs on its own best path whatever ours is.
// Usage: aes_vs_openssl [--samples N] [--cpu PATH]... [--only SUBSTRING]
//   PATH: DSTU_CPU syntax; default every path of ours: native, native,-avx512f
//   (VAES on YMM), native,-vaes (AES-NI), portable.
#include <openssl/evp.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_gcm.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/cpu/features.hpp"
#include "per_call.hpp"

namespace ci = dstu::cipher;
using Clock = dstu::perf::ThreadCpuClock;

namespace {

constexpr std::size_t kMsg = 16384;

struct Evp {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ~Evp() { EVP_CIPHER_CTX_free(ctx); }
};

const EVP_CIPHER* evp_cipher(const std::string& mode, int bits) {
  if (mode == "ctr") return bits == 128 ? EVP_aes_128_ctr() : bits == 192 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
  if (mode == "ecb") return bits == 128 ? EVP_aes_128_ecb() : bits == 192 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
  if (mode.rfind("gcm", 0) == 0) return bits == 128 ? EVP_aes_128_gcm() : bits == 192 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
  return bits == 128 ? EVP_aes_128_cbc() : bits == 192 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
}

struct Row {
  std::string name;
  std::function<void()> ours, theirs;
};

/// Calls per sample so that one lasts about 20 ms.
long calibrate(const std::function<void()>& f) {
  long calls = 1;
  for (;;) {
    const auto t0 = Clock::now();
    for (long i = 0; i < calls; ++i) f();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (ms > 5 || calls > (1L << 20)) return std::max(1L, static_cast<long>(calls * 20 / std::max(ms, 0.01)));
    calls *= 4;
  }
}

double sample_mbps(const std::function<void()>& f, long calls) {
  const auto t0 = Clock::now();
  for (long i = 0; i < calls; ++i) f();
  const double s = std::chrono::duration<double>(Clock::now() - t0).count();
  return static_cast<double>(kMsg) * static_cast<double>(calls) / s / 1e6;
}

std::vector<Row> aes_rows(int bits, std::vector<std::uint8_t>& buf, std::vector<std::uint8_t>& out) {
  std::vector<Row> rows;
  const std::vector<std::uint8_t> key(static_cast<std::size_t>(bits / 8), 0x42), iv(16, 0x24);
  auto aes = std::make_shared<ci::Aes>(key);
  auto gcm = std::make_shared<ci::AesGcm>(key);
  auto tag = std::make_shared<std::vector<std::uint8_t>>(16);
  // A valid tag for the decryption rows.
  gcm->encrypt(out, *tag, {iv.data(), 12}, {}, buf);
  auto sealed = std::make_shared<std::vector<std::uint8_t>>(out);
  const std::string b = std::to_string(bits);
  auto evp = [&, bits](const std::string& mode, bool enc) {
    auto e = std::make_shared<Evp>();
    EVP_CipherInit_ex(e->ctx, evp_cipher(mode, bits), nullptr, key.data(), iv.data(), enc ? 1 : 0);
    EVP_CIPHER_CTX_set_padding(e->ctx, 0);
    return e;
  };
  auto stream = [&](std::shared_ptr<Evp> e) {
    return [e, &buf, &out] {
      int len = 0;
      EVP_CipherUpdate(e->ctx, out.data(), &len, buf.data(), static_cast<int>(kMsg));
    };
  };
  rows.push_back({"aes" + b + "-ctr", [aes, &buf, &out, iv] { ci::aes_ctr_crypt(*aes, iv, out, buf); },
                  stream(evp("ctr", true))});
  // The generic modes of modes.hpp on the same cipher: what the fused ones gain.
  rows.push_back({"aes" + b + "-ctr-generic", [aes, &buf, &out, iv] { ci::ctr_crypt(*aes, iv, out, buf); },
                  stream(evp("ctr", true))});
  rows.push_back({"aes" + b + "-cbc-dec-generic", [aes, &buf, &out, iv] { ci::cbc_decrypt(*aes, iv, out, buf); },
                  stream(evp("cbc", false))});
  rows.push_back({"aes" + b + "-ecb-enc", [aes, &buf, &out] { ci::ecb_encrypt(*aes, out, buf); },
                  stream(evp("ecb", true))});
  rows.push_back({"aes" + b + "-cbc-enc", [aes, &buf, &out, iv] { ci::aes_cbc_encrypt(*aes, iv, out, buf); },
                  stream(evp("cbc", true))});
  rows.push_back({"aes" + b + "-cbc-dec", [aes, &buf, &out, iv] { ci::aes_cbc_decrypt(*aes, iv, out, buf); },
                  stream(evp("cbc", false))});
  auto g_enc = evp("gcm", true);
  rows.push_back({"aes" + b + "-gcm-enc",
                  [gcm, &buf, &out, iv, tag] { gcm->encrypt(out, *tag, {iv.data(), 12}, {}, buf); },
                  [g_enc, &buf, &out, iv, tag] {
                    int len = 0;
                    EVP_EncryptInit_ex(g_enc->ctx, nullptr, nullptr, nullptr, iv.data());
                    EVP_EncryptUpdate(g_enc->ctx, out.data(), &len, buf.data(), static_cast<int>(kMsg));
                    EVP_EncryptFinal_ex(g_enc->ctx, out.data() + len, &len);
                    EVP_CIPHER_CTX_ctrl(g_enc->ctx, EVP_CTRL_GCM_GET_TAG, 16, tag->data());
                  }});
  auto g_dec = evp("gcm", false);
  rows.push_back({"aes" + b + "-gcm-dec",
                  [gcm, sealed, &out, iv, tag] {
                    if (!gcm->decrypt(out, {iv.data(), 12}, {}, *sealed, *tag)) std::abort();
                  },
                  [g_dec, sealed, &out, iv, tag] {
                    int len = 0;
                    EVP_DecryptInit_ex(g_dec->ctx, nullptr, nullptr, nullptr, iv.data());
                    EVP_DecryptUpdate(g_dec->ctx, out.data(), &len, sealed->data(), static_cast<int>(kMsg));
                    EVP_CIPHER_CTX_ctrl(g_dec->ctx, EVP_CTRL_GCM_SET_TAG, 16, tag->data());
                    if (EVP_DecryptFinal_ex(g_dec->ctx, out.data() + len, &len) <= 0) std::abort();
                  }});
  return rows;
}

/// TDES (three keys).
std::vector<Row> tdes_rows(std::vector<std::uint8_t>& buf, std::vector<std::uint8_t>& out) {
  const std::vector<std::uint8_t> key(24, 0x42), iv(8, 0x24);
  auto t = std::make_shared<ci::Tdes>(key);
  auto evp = [&](const EVP_CIPHER* c, bool enc) {
    auto e = std::make_shared<Evp>();
    EVP_CipherInit_ex(e->ctx, c, nullptr, key.data(), iv.data(), enc ? 1 : 0);
    EVP_CIPHER_CTX_set_padding(e->ctx, 0);
    return [e, &buf, &out] {
      int len = 0;
      EVP_CipherUpdate(e->ctx, out.data(), &len, buf.data(), static_cast<int>(kMsg));
    };
  };
  return {{"tdes-ecb-enc", [t, &buf, &out] { ci::ecb_encrypt(*t, out, buf); }, evp(EVP_des_ede3_ecb(), true)},
          {"tdes-cbc-enc", [t, &buf, &out, iv] { ci::cbc_encrypt(*t, iv, out, buf); }, evp(EVP_des_ede3_cbc(), true)},
          {"tdes-cbc-dec", [t, &buf, &out, iv] { ci::cbc_decrypt(*t, iv, out, buf); }, evp(EVP_des_ede3_cbc(), false)}};
}

}  // namespace

int main(int argc, char** argv) {
  int samples = 9;
  std::vector<std::string> paths;
  std::string only;
  for (int i = 1; i + 1 < argc; ++i) {
    if (!std::strcmp(argv[i], "--samples")) samples = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--cpu")) paths.emplace_back(argv[++i]);
    else if (!std::strcmp(argv[i], "--only")) only = argv[++i];
  }
  if (paths.empty()) paths = {"native", "native,-avx512f", "native,-vaes", "portable"};
  std::printf("%s, one thread, %zu-octet messages; CPU: %s\n", OpenSSL_version(OPENSSL_VERSION), kMsg,
              dstu::cpu::describe(dstu::cpu::detected()).c_str());
  std::printf("%-22s %-10s %12s %12s %8s %s\n", "mode", "ours", "ours MB/s", "OpenSSL MB/s", "ratio", "(min..max)");
  std::vector<std::uint8_t> buf(kMsg, 0x5a), out(kMsg);
  for (std::size_t p = 0; p < paths.size(); ++p) {
    dstu::cpu::set_override(paths[p]);
    for (int bits : {128, 192, 256, 0}) {
      for (const Row& row : bits ? aes_rows(bits, buf, out) : tdes_rows(buf, out)) {
        if (!only.empty() && row.name.find(only) == std::string::npos) continue;
        const long ours_calls = calibrate(row.ours), theirs_calls = calibrate(row.theirs);
        std::vector<double> a, o;
        for (int s = 0; s < samples; ++s) {
          a.push_back(sample_mbps(row.ours, ours_calls));
          o.push_back(sample_mbps(row.theirs, theirs_calls));
        }
        const auto sa = dstu::stats::summarize(a), so = dstu::stats::summarize(o);
        const auto r = dstu::stats::ratio(sa, so);
        std::printf("%-22s %-10s %12.0f %12.0f %8.2f (%.2f..%.2f)\n", row.name.c_str(),
                    std::string(bits ? ci::aes_path() : ci::des_path()).c_str(), sa.median, so.median, r.median, r.min, r.max);
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
