// GOST 28147-89, the portable constant-time kernels: the bitsliced ANF round (f_ct) on
// GCC vectors of four words, one block per 32-bit lane (SSE2 on x86-64, which every
// x86-64 CPU has; plain words elsewhere). A few blocks take the scalar round instead of
// a padded group.
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

namespace dstu::cipher::detail {
namespace {

/// Blocks per group: kWays independent vectors of four words (one SSE register each)
/// whose rounds interleave; measured by tests/perf/gost28147_speed.
constexpr std::size_t kWays = 3;
constexpr std::size_t kLanes = 4 * kWays;
using Lanes4 = std::uint32_t __attribute__((vector_size(16)));

/// Fewer blocks than this take the scalar round (a group costs about 2.4 blocks' scalar
/// rounds).
constexpr std::size_t kScalarBelow = 3;

void group(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
           const std::uint8_t* in) {
  Lanes4 a[kWays], b[kWays];
  for (std::size_t l = 0; l < kLanes; ++l) {
    a[l / 4][l % 4] = load_le32(in + 8 * l);
    b[l / 4][l % 4] = load_le32(in + 8 * l + 4);
  }
  for (int r = 0; r < rounds; r += 2) {
    for (std::size_t w = 0; w < kWays; ++w) b[w] ^= f_ct(sbox.anf.data(), a[w] + s.rk[r]);
    for (std::size_t w = 0; w < kWays; ++w) a[w] ^= f_ct(sbox.anf.data(), b[w] + s.rk[r + 1]);
  }
  for (std::size_t l = 0; l < kLanes; ++l) {
    store_le32(out + 8 * l, b[l / 4][l % 4]);
    store_le32(out + 8 * l + 4, a[l / 4][l % 4]);
  }
}

void one(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
         const std::uint8_t* in) {
  std::uint32_t a = load_le32(in), b = load_le32(in + 4);
  const RoundCt f{sbox.anf.data()};
  const auto in_order = [](int r) { return r; };
  if (rounds == 32) {
    detail::rounds<32>(f, s.rk, in_order, a, b);
  } else {
    detail::rounds<16>(f, s.rk, in_order, a, b);
  }
  store_le32(out, b);
  store_le32(out + 4, a);
}

void blocks_portable(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                     const std::uint8_t* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) group(sbox, s, rounds, out + 8 * i, in + 8 * i);
  if (n - i >= kScalarBelow) {
    std::uint8_t buf[8 * kLanes] = {};
    std::memcpy(buf, in + 8 * i, 8 * (n - i));
    group(sbox, s, rounds, buf, buf);
    std::memcpy(out + 8 * i, buf, 8 * (n - i));
    secure_wipe(buf, sizeof buf);
    return;
  }
  for (; i < n; ++i) one(sbox, s, rounds, out + 8 * i, in + 8 * i);
}

}  // namespace

void encrypt4_portable(const Gost28147CtSbox& sbox, const std::uint32_t (*k)[8], const std::uint64_t* in,
                       std::uint64_t* out) {
  Lanes4 kv[8], a, b;  // lane l: block l under key l
  for (int i = 0; i < 8; ++i) {
    for (int l = 0; l < 4; ++l) kv[i][l] = k[l][i];
  }
  for (int l = 0; l < 4; ++l) {
    a[l] = static_cast<std::uint32_t>(in[l]);
    b[l] = static_cast<std::uint32_t>(in[l] >> 32);
  }
#pragma GCC unroll 16
  for (int r = 0; r < 32; r += 2) {
    b ^= f_ct(sbox.anf.data(), a + kv[enc_key_index(r)]);
    a ^= f_ct(sbox.anf.data(), b + kv[enc_key_index(r + 1)]);
  }
  for (int l = 0; l < 4; ++l) out[l] = b[l] | static_cast<std::uint64_t>(a[l]) << 32;
  secure_wipe(kv, sizeof kv);
}

const Gost28147Kernels kGost28147Portable{"portable", blocks_portable, encrypt4_portable, false};

}  // namespace dstu::cipher::detail
