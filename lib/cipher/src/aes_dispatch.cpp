// The choice of AES path (aes_internal.hpp) by cpu::active() at call time, and the
// portable path's modes, built on its four-block bitsliced kernel.
#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::cipher::aes_impl {
namespace {

constexpr std::size_t kRun = 16;  // blocks per call into the bitsliced kernel (a multiple of 4)

std::uint32_t load_be32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) << 24 | static_cast<std::uint32_t>(p[1]) << 16 |
         static_cast<std::uint32_t>(p[2]) << 8 | p[3];
}

void store_be32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}

void ctr_portable(const AesKeys& k, const std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                  std::size_t blocks) {
  std::uint8_t ks[16 * kRun];
  std::uint32_t low = load_be32(ctr + 12);
  while (blocks > 0) {
    const std::size_t n = blocks < kRun ? blocks : kRun;
    for (std::size_t i = 0; i < n; ++i) {
      std::memcpy(ks + 16 * i, ctr, 12);
      store_be32(ks + 16 * i + 12, low);
      // GCM's counter is secret for IVs other than 96 bits (J0 = GHASH_H(IV)): the barrier
      // keeps the compiler from ending the loop on a comparison of counter values.
      low = static_cast<std::uint32_t>(ct::value_barrier(low + 1u));
    }
    encrypt_portable(k, ks, ks, n);
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  secure_wipe(ks, sizeof ks);
}

void cbc_encrypt_portable(const AesKeys& k, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                          std::size_t blocks) {
  std::uint8_t x[16];
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    for (int i = 0; i < 16; ++i) x[i] = static_cast<std::uint8_t>(iv[i] ^ in[i]);
    encrypt_portable(k, iv, x, 1);
    std::memcpy(out, iv, 16);
  }
  secure_wipe(x, sizeof x);
}

void cbc_decrypt_portable(const AesKeys& k, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                          std::size_t blocks) {
  std::uint8_t c[16 * kRun];  // the run's ciphertext: out may be in
  while (blocks > 0) {
    const std::size_t n = blocks < kRun ? blocks : kRun;
    std::memcpy(c, in, 16 * n);
    decrypt_portable(k, out, c, n);
    for (int i = 0; i < 16; ++i) out[i] ^= iv[i];
    for (std::size_t i = 16; i < 16 * n; ++i) out[i] ^= c[i - 16];
    std::memcpy(iv, c + 16 * (n - 1), 16);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
}

void gcm_encrypt_portable(const AesKeys& k, const GhashKey& g, const std::uint8_t ctr[16], std::uint64_t x[2],
                          std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  ctr_portable(k, ctr, out, in, blocks);
  ghash_portable(g, x, out, blocks);
}

void gcm_decrypt_portable(const AesKeys& k, const GhashKey& g, const std::uint8_t ctr[16], std::uint64_t x[2],
                          std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  ghash_portable(g, x, in, blocks);
  ctr_portable(k, ctr, out, in, blocks);
}

const Kernels kPortable{"portable",          &encrypt_portable,     &decrypt_portable,
                        &ctr_portable,       &cbc_encrypt_portable, &cbc_decrypt_portable,
                        &ghash_portable,     &gcm_encrypt_portable, &gcm_decrypt_portable};

}  // namespace

const Kernels& kernels() {
  const cpu::Features& f = cpu::active();
  const bool ni = f.aesni && f.pclmulqdq;
  const bool vaes = ni && f.vaes && f.vpclmulqdq;
  // ZMM before YMM where AVX-512 is allowed: even on cores that issue AVX-512 as two
  // halves, the ZMM kernels measure faster (half the instructions); both are timed
  // by tests/perf/aes_vs_openssl (--cpu native, --cpu native,-avx512f).
  if (vaes && f.avx512f && f.avx512bw && f.avx512vl) return kernels_vaes512();
  if (vaes && f.avx2) return kernels_vaes256();
  if (ni) return kernels_aesni();
  return kPortable;
}

}  // namespace dstu::cipher::aes_impl
