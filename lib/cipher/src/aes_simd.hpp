// The hardware AES and GHASH kernels, written once over the register width: V is
// V128 (AES-NI and PCLMULQDQ on XMM, one block per register), V256 (VAES and
// VPCLMULQDQ on YMM, two) or V512 (on ZMM, four). Each of aes_ni.cpp, aes_vaes256.cpp
// and aes_vaes512.cpp includes this file after switching its ISA on and defining its V,
// so everything here has internal linkage: the three copies never meet at link time.
//
// The parallel modes keep kVecs registers in flight, enough to cover the latency of
// AESENC (its latency times its throughput per cycle). GHASH sums the products of
// kVecs * W blocks with the powers H^n .. H^1 unreduced and reduces once (aggregated
// reduction), in the register form of aes_internal.hpp: a product of register values
// is reduced by two 64-bit Montgomery folds, each one carry-less multiplication by
// 0xc2 << 56 (S. Gueron and M. E. Kounavis, "Intel Carry-Less Multiplication
// Instruction and its Usage for Computing the GCM Mode", 2010, use the same reflected
// representation). Secret data never chooses a branch or an address.
#pragma once

#include <immintrin.h>

#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher::aes_impl {
namespace {

template <class V>
struct Simd {
  using vec = typename V::vec;
  static constexpr std::size_t W = V::kLanes;  // blocks per register
  static constexpr std::size_t kVecs = 8;      // registers per step
  static constexpr std::size_t kGroup = kVecs * W;
  static_assert(kGroup <= static_cast<std::size_t>(GhashKey::kMaxPowers), "GHASH powers");

  static __m128i bswap_mask() { return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
  static __m128i load128(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store128(void* p, __m128i v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }

  struct Keys {  // round keys broadcast to every lane
    vec rk[15];
    int nr;
    Keys(const std::uint8_t (*k)[16], int rounds) : nr(rounds) {
      for (int i = 0; i <= nr; ++i) rk[i] = V::bcast(load128(k[i]));
    }
  };

  // ---- one block at a time (XMM instructions on every path) ----
  static __m128i enc1(const AesKeys& k, __m128i x) {
    x = _mm_xor_si128(x, load128(k.enc[0]));
    for (int r = 1; r < k.rounds; ++r) x = _mm_aesenc_si128(x, load128(k.enc[r]));
    return _mm_aesenclast_si128(x, load128(k.enc[k.rounds]));
  }
  static __m128i dec1(const AesKeys& k, __m128i x) {
    x = _mm_xor_si128(x, load128(k.dec[0]));
    for (int r = 1; r < k.rounds; ++r) x = _mm_aesdec_si128(x, load128(k.dec[r]));
    return _mm_aesdeclast_si128(x, load128(k.dec[k.rounds]));
  }

  // ---- M registers through all rounds (the keys say which direction) ----
  template <std::size_t M, bool Encrypt = true>
  static void rounds_n(vec* s, const Keys& k) {
#pragma GCC unroll 8
    for (std::size_t j = 0; j < M; ++j) s[j] = V::vxor(s[j], k.rk[0]);
    for (int r = 1; r < k.nr; ++r) {
      const vec rk = k.rk[r];
#pragma GCC unroll 8
      for (std::size_t j = 0; j < M; ++j) s[j] = Encrypt ? V::enc(s[j], rk) : V::dec(s[j], rk);
    }
#pragma GCC unroll 8
    for (std::size_t j = 0; j < M; ++j) s[j] = Encrypt ? V::enclast(s[j], k.rk[k.nr]) : V::declast(s[j], k.rk[k.nr]);
  }
  template <std::size_t M>
  static void enc_n(vec* s, const Keys& k) { rounds_n<M, true>(s, k); }
  template <std::size_t M>
  static void dec_n(vec* s, const Keys& k) { rounds_n<M, false>(s, k); }

  // ---- ECB ----
  template <bool Encrypt>
  static void ecb(const AesKeys& key, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    const Keys k(Encrypt ? key.enc : key.dec, key.rounds);
    vec s[kVecs];
    for (; blocks >= kGroup; blocks -= kGroup, in += 16 * kGroup, out += 16 * kGroup) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) s[j] = V::load(in + 16 * W * j);
      if (Encrypt) enc_n<kVecs>(s, k); else dec_n<kVecs>(s, k);
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) V::store(out + 16 * W * j, s[j]);
    }
    for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
      s[0] = V::load(in);
      if (Encrypt) enc_n<1>(s, k); else dec_n<1>(s, k);
      V::store(out, s[0]);
    }
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      store128(out, Encrypt ? enc1(key, load128(in)) : dec1(key, load128(in)));
    }
  }
  static void encrypt(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    ecb<true>(k, out, in, blocks);
  }
  static void decrypt(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    ecb<false>(k, out, in, blocks);
  }

  // ---- CTR with inc32 ----
  /// The counters as integers (octets reversed): the last 32 bits of the block are the
  /// lowest lane, so a 32-bit add is inc32.
  struct Counters {
    vec next;        // the counters of the next register
    vec step;        // W in each lane's low 32 bits
    vec swap;        // octet reversal in each lane
    __m128i scalar;  // the counter after the last register handed out
    explicit Counters(const std::uint8_t ctr[16]) {
      scalar = _mm_shuffle_epi8(load128(ctr), bswap_mask());
      next = V::add32(V::bcast(scalar), V::lane_offsets());
      step = V::bcast(_mm_set_epi32(0, 0, 0, static_cast<int>(W)));
      swap = V::bcast(bswap_mask());
    }
    vec take() {
      const vec c = V::shuffle(next, swap);
      next = V::add32(next, step);
      scalar = _mm_add_epi32(scalar, _mm_set_epi32(0, 0, 0, static_cast<int>(W)));
      return c;
    }
    __m128i take1() {
      const __m128i c = _mm_shuffle_epi8(scalar, bswap_mask());
      scalar = _mm_add_epi32(scalar, _mm_set_epi32(0, 0, 0, 1));
      return c;
    }
  };

  /// Whole registers of keystream XORed into out; returns the blocks left (< W).
  static std::size_t ctr_vecs(const Keys& k, Counters& c, std::uint8_t*& out, const std::uint8_t*& in,
                              std::size_t blocks) {
    vec s[kVecs];
    for (; blocks >= kGroup; blocks -= kGroup, in += 16 * kGroup, out += 16 * kGroup) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) s[j] = c.take();
      enc_n<kVecs>(s, k);
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) V::store(out + 16 * W * j, V::vxor(s[j], V::load(in + 16 * W * j)));
    }
    for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
      s[0] = c.take();
      enc_n<1>(s, k);
      V::store(out, V::vxor(s[0], V::load(in)));
    }
    return blocks;
  }

  static void ctr(const AesKeys& key, const std::uint8_t ctr16[16], std::uint8_t* out, const std::uint8_t* in,
                  std::size_t blocks) {
    const Keys k(key.enc, key.rounds);
    Counters c(ctr16);
    blocks = ctr_vecs(k, c, out, in, blocks);
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      store128(out, _mm_xor_si128(enc1(key, c.take1()), load128(in)));
    }
  }

  // ---- CBC ----
  static void cbc_encrypt(const AesKeys& key, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                          std::size_t blocks) {
    __m128i x = load128(iv);
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      x = enc1(key, _mm_xor_si128(x, load128(in)));
      store128(out, x);
    }
    store128(iv, x);
  }

  static void cbc_decrypt(const AesKeys& key, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                          std::size_t blocks) {
    const Keys k(key.dec, key.rounds);
    // prev's last lane is the ciphertext block before the current register's first.
    vec prev = V::bcast(load128(iv));
    vec s[kVecs], c[kVecs];
    for (; blocks >= kGroup; blocks -= kGroup, in += 16 * kGroup, out += 16 * kGroup) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) s[j] = c[j] = V::load(in + 16 * W * j);
      dec_n<kVecs>(s, k);
      V::store(out, V::vxor(s[0], V::shift_in(prev, c[0])));
#pragma GCC unroll 8
      for (std::size_t j = 1; j < kVecs; ++j) V::store(out + 16 * W * j, V::vxor(s[j], V::shift_in(c[j - 1], c[j])));
      prev = c[kVecs - 1];
    }
    for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
      s[0] = c[0] = V::load(in);
      dec_n<1>(s, k);
      V::store(out, V::vxor(s[0], V::shift_in(prev, c[0])));
      prev = c[0];
    }
    __m128i p = V::last(prev);
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      const __m128i ci = load128(in);
      store128(out, _mm_xor_si128(dec1(key, ci), p));
      p = ci;
    }
    store128(iv, p);
  }

  // ---- GHASH ----
  /// The 128-bit register value reduced: (lo, mid, hi) with lo + mid y^64 + hi y^128.
  static __m128i reduce(__m128i lo, __m128i mid, __m128i hi) {
    const __m128i poly = _mm_set_epi64x(static_cast<long long>(0xc200000000000000ULL), 0);
    mid = _mm_xor_si128(mid, _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, poly, 0x10)));
    return _mm_xor_si128(hi, _mm_xor_si128(_mm_shuffle_epi32(mid, 0x4e), _mm_clmulepi64_si128(mid, poly, 0x10)));
  }

  /// X' = sum of (d_i (+ X on the first)) H^(m W - i) over m registers of blocks in register
  /// form (octets already reversed).
  static __m128i ghash_regs(const GhashKey& g, __m128i x, const vec* d, std::size_t m) {
    const std::size_t first = GhashKey::kMaxPowers - m * W;
    vec lo = V::zero(), mid = V::zero(), hi = V::zero();
    for (std::size_t j = 0; j < m; ++j) {
      const vec h = V::load(g.pow[first + W * j]), h_mid = V::load(g.pow_mid[first + W * j]);
      const vec a = j == 0 ? V::vxor(d[0], V::zext(x)) : d[j];
      lo = V::vxor(lo, V::template clmul<0x00>(a, h));
      hi = V::vxor(hi, V::template clmul<0x11>(a, h));
      // Karatsuba: (a_lo + a_hi)(h_lo + h_hi) = lo + hi + the middle product.
      mid = V::vxor(mid, V::template clmul<0x00>(V::vxor(a, V::swap_halves(a)), h_mid));
    }
    const __m128i l = V::fold(lo), h = V::fold(hi);
    return reduce(l, _mm_xor_si128(V::fold(mid), _mm_xor_si128(l, h)), h);
  }

  /// GHASH of up to kGroup blocks through a zero-padded copy: the blocks sit at the end of
  /// the group, so that they meet the powers H^n .. H^1, and X joins the first of them.
  static __m128i ghash_tail(const GhashKey& g, __m128i x, const std::uint8_t* data, std::size_t blocks) {
    alignas(64) std::uint8_t buf[16 * kGroup] = {};
    const std::size_t m = (blocks + W - 1) / W;  // registers
    std::uint8_t* first = buf + 16 * (m * W - blocks);
    std::memcpy(first, data, 16 * blocks);
    store128(first, _mm_xor_si128(load128(first), _mm_shuffle_epi8(x, bswap_mask())));
    vec d[kVecs];
    const vec swap = V::bcast(bswap_mask());
    for (std::size_t j = 0; j < m; ++j) d[j] = V::shuffle(V::load(buf + 16 * W * j), swap);
    x = ghash_regs(g, _mm_setzero_si128(), d, m);
    secure_wipe(buf, sizeof buf);
    return x;
  }

  static __m128i ghash_blocks(const GhashKey& g, __m128i x, const std::uint8_t* data, std::size_t blocks) {
    const vec swap = V::bcast(bswap_mask());
    vec d[kVecs];
    for (; blocks >= kGroup; blocks -= kGroup, data += 16 * kGroup) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) d[j] = V::shuffle(V::load(data + 16 * W * j), swap);
      x = ghash_regs(g, x, d, kVecs);
    }
    return blocks > 0 ? ghash_tail(g, x, data, blocks) : x;
  }

  static void ghash(const GhashKey& g, std::uint64_t x[2], const std::uint8_t* data, std::size_t blocks) {
    store128(x, ghash_blocks(g, load128(x), data, blocks));
  }

  // ---- GCM: GCTR and GHASH in one pass ----
  template <bool Encrypt>
  static void gcm(const AesKeys& key, const GhashKey& g, const std::uint8_t ctr16[16], std::uint64_t x16[2],
                  std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    const Keys k(key.enc, key.rounds);
    Counters c(ctr16);
    const vec swap = V::bcast(bswap_mask());
    __m128i x = load128(x16);
    vec s[kVecs], d[kVecs];
    for (; blocks >= kGroup; blocks -= kGroup, in += 16 * kGroup, out += 16 * kGroup) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) s[j] = c.take();
      if (!Encrypt) {  // the ciphertext is known: hash it beside the rounds
#pragma GCC unroll 8
        for (std::size_t j = 0; j < kVecs; ++j) d[j] = V::shuffle(V::load(in + 16 * W * j), swap);
        x = ghash_regs(g, x, d, kVecs);
      }
      enc_n<kVecs>(s, k);
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kVecs; ++j) {
        s[j] = V::vxor(s[j], V::load(in + 16 * W * j));
        V::store(out + 16 * W * j, s[j]);
      }
      if (Encrypt) {
#pragma GCC unroll 8
        for (std::size_t j = 0; j < kVecs; ++j) d[j] = V::shuffle(s[j], swap);
        x = ghash_regs(g, x, d, kVecs);
      }
    }
    if (blocks > 0) {
      if (!Encrypt) x = ghash_tail(g, x, in, blocks);
      std::uint8_t* tail_out = out;
      const std::size_t left = ctr_vecs(k, c, out, in, blocks);
      for (std::size_t i = 0; i < left; ++i) {
        store128(out + 16 * i, _mm_xor_si128(enc1(key, c.take1()), load128(in + 16 * i)));
      }
      if (Encrypt) x = ghash_tail(g, x, tail_out, blocks);
    }
    store128(x16, x);
  }
  static void gcm_encrypt(const AesKeys& key, const GhashKey& g, const std::uint8_t ctr[16], std::uint64_t x[2],
                          std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    gcm<true>(key, g, ctr, x, out, in, blocks);
  }
  static void gcm_decrypt(const AesKeys& key, const GhashKey& g, const std::uint8_t ctr[16], std::uint64_t x[2],
                          std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
    gcm<false>(key, g, ctr, x, out, in, blocks);
  }

  static Kernels table(const char* name) {
    return Kernels{name, &encrypt, &decrypt, &ctr, &cbc_encrypt, &cbc_decrypt, &ghash, &gcm_encrypt, &gcm_decrypt};
  }
};

}  // namespace
}  // namespace dstu::cipher::aes_impl
