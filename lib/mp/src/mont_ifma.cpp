// Almost-Montgomery multiplication on AVX-512 IFMA (see mont_ifma.hpp).
#include "mont_ifma.hpp"

// GCC 12 warns about its own AVX-512 intrinsics (the undefined-vector idiom inside
// avx512fintrin.h, GCC bug 105593); the warning is about the header, not this code.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp::ifma {
namespace {

constexpr std::uint64_t kMask = (std::uint64_t{1} << 52) - 1;

#define DSTU_IFMA __attribute__((target("avx512f,avx512ifma")))

/// r = a b / 2^(52 * 8 V) mod m, almost reduced, for V vectors of digits.
template <int V>
DSTU_IFMA void amm(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                   const std::uint64_t* m, std::uint64_t k0) {
  __m512i A[V], M[V], X[V];
  const __m512i zero = _mm512_setzero_si512();
  for (int v = 0; v < V; ++v) {
    A[v] = _mm512_loadu_si512(a + 8 * v);
    M[v] = _mm512_loadu_si512(m + 8 * v);
    X[v] = zero;
  }
  const std::uint64_t m0 = m[0];
  for (int i = 0; i < 8 * V; ++i) {
    const __m512i B = _mm512_set1_epi64(static_cast<long long>(b[i]));
    for (int v = 0; v < V; ++v) X[v] = _mm512_madd52lo_epu64(X[v], A[v], B);
    // u makes digit 0 divisible by 2^52; its carry moves up with the shift.
    const std::uint64_t x0 = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(X[0])));
    const std::uint64_t u = (x0 * k0) & kMask;
    const std::uint64_t carry = (x0 + ((m0 * u) & kMask)) >> 52;
    const __m512i U = _mm512_set1_epi64(static_cast<long long>(u));
    for (int v = 0; v < V; ++v) X[v] = _mm512_madd52lo_epu64(X[v], M[v], U);
    for (int v = 0; v + 1 < V; ++v) X[v] = _mm512_alignr_epi64(X[v + 1], X[v], 1);
    X[V - 1] = _mm512_alignr_epi64(zero, X[V - 1], 1);
    X[0] = _mm512_mask_add_epi64(X[0], 1, X[0], _mm512_set1_epi64(static_cast<long long>(carry)));
    for (int v = 0; v < V; ++v) {
      X[v] = _mm512_madd52hi_epu64(X[v], A[v], B);
      X[v] = _mm512_madd52hi_epu64(X[v], M[v], U);
    }
  }
  // Normalise: every digit below 2^52, carries moved up (the value is < 2m < R).
  alignas(64) std::uint64_t t[8 * V];
  for (int v = 0; v < V; ++v) _mm512_store_si512(t + 8 * v, X[v]);
  std::uint64_t carry = 0;
  for (int j = 0; j < 8 * V; ++j) {
    const std::uint64_t d = t[j] + carry;
    r[j] = d & kMask;
    carry = d >> 52;
  }
}

using AmmFn = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                       std::uint64_t);

template <int... V>
constexpr auto make_table(std::integer_sequence<int, V...>) {
  return std::array<AmmFn, sizeof...(V)>{&amm<V + 1>...};
}

constexpr auto kAmm = make_table(std::make_integer_sequence<int, static_cast<int>(kMaxVectors)>{});

std::size_t vectors_for(std::size_t bits) { return (bits + 2 + 52 * 8 - 1) / (52 * 8); }

}  // namespace

bool available() {
  const cpu::Features& f = cpu::active();
  return f.avx512f && f.avx512ifma;
}

bool supports(const Nat& m) {
  return m.is_odd() && m.bits() >= 3 && vectors_for(m.bits()) <= kMaxVectors;
}

Context::Digits to_digits(const Nat& x, std::size_t digits) {
  Context::Digits d(digits, 0);
  for (std::size_t j = 0; j < digits; ++j) {
    const std::size_t bit = 52 * j, limb = bit / 64, shift = bit % 64;
    std::uint64_t v = x.limb(limb) >> shift;
    if (shift > 12) v |= x.limb(limb + 1) << (64 - shift);
    d[j] = v & kMask;
  }
  return d;
}

Nat from_digits(const std::uint64_t* d, std::size_t digits) {
  std::vector<Limb> limbs((52 * digits + 63) / 64 + 1, 0);
  for (std::size_t j = 0; j < digits; ++j) {
    const std::size_t bit = 52 * j, limb = bit / 64, shift = bit % 64;
    limbs[limb] |= d[j] << shift;
    if (shift > 12) limbs[limb + 1] |= d[j] >> (64 - shift);
  }
  return Nat::from_limbs(limbs);
}

Context::Context(const Nat& m) : m_(m) {
  if (!supports(m)) throw_invalid("modulus size not served by the IFMA kernels");
  v_ = vectors_for(m.bits());
  mod_ = to_digits(m, digits());
  // k0 = -m^-1 mod 2^52 from the 64-bit inverse.
  k0_ = neg_inverse_limb(m.low_u64()) & kMask;
  one_ = to_digits(Nat::power_of_two(52 * digits()) % m, digits());
}

void Context::mul(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) const {
  kAmm[v_ - 1](r, a, b, mod_.data(), k0_);
}

Context::Digits Context::to(const Nat& x) const {
  return to_digits((x << (52 * digits())) % m_, digits());
}

Context::Digits Context::reduce(const Digits& a) const {
  // d = a - m digit by digit with borrows; keep d unless it went negative.
  Digits d(digits());
  std::uint64_t borrow = 0;
  for (std::size_t j = 0; j < digits(); ++j) {
    const std::uint64_t x = a[j] - mod_[j] - borrow;
    d[j] = x & kMask;
    borrow = x >> 63;
  }
  const std::uint64_t keep_a = 0 - borrow;
  for (std::size_t j = 0; j < digits(); ++j) d[j] = (a[j] & keep_a) | (d[j] & ~keep_a);
  return d;
}

Nat Context::from(const std::uint64_t* a) const {
  // a * 1 / R, then the final subtraction the almost-reduced form leaves out.
  Digits unit(digits(), 0), t(digits());
  unit[0] = 1;
  mul(t.data(), a, unit.data());
  Nat x = from_digits(t.data(), digits());
  if (x >= m_) x = x - m_;
  return x;
}

}  // namespace dstu::mp::ifma

#pragma GCC diagnostic pop
