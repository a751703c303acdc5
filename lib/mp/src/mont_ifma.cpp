// Almost-Montgomery multiplication on AVX-512 IFMA (see mont_ifma.hpp).
#include "mont_ifma.hpp"

// GCC 12 warns about its own AVX-512 intrinsics (the undefined-vector idiom inside
// avx512fintrin.h, GCC bug 105593); the warning is about the header, not this code.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <algorithm>
#include <atomic>
#include <chrono>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp::ifma {
namespace {

constexpr std::uint64_t kMask = (std::uint64_t{1} << 52) - 1;

#define DSTU_IFMA __attribute__((target("avx512f,avx512ifma,avx512vl")))

/// The vector operations of the kernels on zmm (8 digits) and on ymm (4 digits, for a
/// number whose last 8 digits would be half padding).
struct Zmm {
  using T = __m512i;
  static constexpr int kLanes = 8;
  DSTU_IFMA static T zero() { return _mm512_setzero_si512(); }
  DSTU_IFMA static T load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
  DSTU_IFMA static void store(std::uint64_t* p, T x) { _mm512_storeu_si512(p, x); }
  DSTU_IFMA static T set1(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
  DSTU_IFMA static T lo(T acc, T a, T b) { return _mm512_madd52lo_epu64(acc, a, b); }
  DSTU_IFMA static T hi(T acc, T a, T b) { return _mm512_madd52hi_epu64(acc, a, b); }
  DSTU_IFMA static T add(T a, T b) { return _mm512_add_epi64(a, b); }
  DSTU_IFMA static T srli52(T a) { return _mm512_srli_epi64(a, 52); }
  DSTU_IFMA static T down1(T high, T low) { return _mm512_alignr_epi64(high, low, 1); }
  DSTU_IFMA static T add_lane0(T a, T b) { return _mm512_mask_add_epi64(a, 1, a, b); }
  DSTU_IFMA static std::uint64_t lane0(T a) {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(a)));
  }
  DSTU_IFMA static T broadcast0(T a) { return _mm512_broadcastq_epi64(_mm512_castsi512_si128(a)); }
  DSTU_IFMA static T and_(T a, T b) { return _mm512_and_si512(a, b); }
  DSTU_IFMA static T up1(T high, T low) { return _mm512_alignr_epi64(high, low, 7); }
  DSTU_IFMA static unsigned gt(T a, T b) { return _mm512_cmpgt_epu64_mask(a, b); }
  DSTU_IFMA static unsigned eq(T a, T b) { return _mm512_cmpeq_epu64_mask(a, b); }
  DSTU_IFMA static T add_where(T a, unsigned k, T b) { return _mm512_mask_add_epi64(a, static_cast<__mmask8>(k), a, b); }
};

struct Ymm {
  using T = __m256i;
  static constexpr int kLanes = 4;
  DSTU_IFMA static T zero() { return _mm256_setzero_si256(); }
  DSTU_IFMA static T load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  DSTU_IFMA static void store(std::uint64_t* p, T x) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), x); }
  DSTU_IFMA static T set1(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  DSTU_IFMA static T lo(T acc, T a, T b) { return _mm256_madd52lo_epu64(acc, a, b); }
  DSTU_IFMA static T hi(T acc, T a, T b) { return _mm256_madd52hi_epu64(acc, a, b); }
  DSTU_IFMA static T add(T a, T b) { return _mm256_add_epi64(a, b); }
  DSTU_IFMA static T srli52(T a) { return _mm256_srli_epi64(a, 52); }
  DSTU_IFMA static T down1(T high, T low) { return _mm256_alignr_epi64(high, low, 1); }
  DSTU_IFMA static T add_lane0(T a, T b) { return _mm256_mask_add_epi64(a, 1, a, b); }
  DSTU_IFMA static std::uint64_t lane0(T a) {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(a)));
  }
  DSTU_IFMA static T broadcast0(T a) { return _mm256_broadcastq_epi64(_mm256_castsi256_si128(a)); }
  DSTU_IFMA static T and_(T a, T b) { return _mm256_and_si256(a, b); }
  DSTU_IFMA static T up1(T high, T low) { return _mm256_alignr_epi64(high, low, 3); }
  DSTU_IFMA static unsigned gt(T a, T b) { return _mm256_cmpgt_epu64_mask(a, b); }
  DSTU_IFMA static unsigned eq(T a, T b) { return _mm256_cmpeq_epu64_mask(a, b); }
  DSTU_IFMA static T add_where(T a, unsigned k, T b) { return _mm256_mask_add_epi64(a, static_cast<__mmask8>(k), a, b); }
};

/// r = the digits of X, each brought below 2^52 with its carry moved up (the value is
/// below 2^(52 L V)). A scalar carry chain through every digit would be the longest
/// latency of a product; instead the high parts move up one lane in one vector shift,
/// after which a digit carries at most 1, and the rare ripple of that carry through
/// digits equal to 2^52 - 1 is one addition on bit masks (carry lookahead):
/// carry in = ((generate << 1) + propagate) ^ propagate. No branch or index depends on
/// the digits.
template <class W, int V>
__attribute__((always_inline)) DSTU_IFMA inline void normalise(std::uint64_t* r, typename W::T X[V]) {
  using T = typename W::T;
  constexpr int L = W::kLanes;
  constexpr int kWords = (L * V + 63) / 64;  // L divides 64: no vector straddles two words
  const T mask = W::set1(kMask);
  T high[V];
  for (int v = 0; v < V; ++v) {
    high[v] = W::srli52(X[v]);
    X[v] = W::and_(X[v], mask);
  }
  X[0] = W::add(X[0], W::up1(high[0], W::zero()));
  for (int v = 1; v < V; ++v) X[v] = W::add(X[v], W::up1(high[v], high[v - 1]));
  std::uint64_t generate[kWords] = {}, propagate[kWords] = {};
  for (int v = 0; v < V; ++v) {
    const int bit = L * v;
    generate[bit / 64] |= std::uint64_t{W::gt(X[v], mask)} << (bit % 64);
    propagate[bit / 64] |= std::uint64_t{W::eq(X[v], mask)} << (bit % 64);
  }
  std::uint64_t carry_in[kWords];
  std::uint64_t shifted_out = 0, sum_carry = 0;
  for (int w = 0; w < kWords; ++w) {
    const std::uint64_t g = (generate[w] << 1) | shifted_out;
    shifted_out = generate[w] >> 63;
    const unsigned __int128 sum = static_cast<unsigned __int128>(g) + propagate[w] + sum_carry;
    sum_carry = static_cast<std::uint64_t>(sum >> 64);
    carry_in[w] = static_cast<std::uint64_t>(sum) ^ propagate[w];
  }
  const T one = W::set1(1);
  for (int v = 0; v < V; ++v) {
    const int bit = L * v;
    const auto lanes = static_cast<unsigned>((carry_in[bit / 64] >> (bit % 64)) & ((1u << L) - 1));
    W::store(r + L * v, W::and_(W::add_where(X[v], lanes, one), mask));
  }
}

/// r[k] = a[k] b[k] / 2^(52 steps) mod m[k], almost reduced, for V vectors of digits and
/// K independent products in one loop. Each step of a product waits on the latency of
/// its low digit (madd, madd by k0, broadcast); with K = 2 the other product's
/// step fills that wait, as in the dual exponentiation of Gueron and Krasnov. The high
/// halves of a step's products go to a separate accumulator P (a b_i's as soon as b_i is
/// known) and the low digit's carry moves up by a vector shift, so only the low-half
/// madds, the shift and two adds follow the multiplier u on the critical path.
template <class W, int V, int K>
DSTU_IFMA void amm_k(std::uint64_t* const r[K], const std::uint64_t* const a[K], const std::uint64_t* const b[K],
                     const std::uint64_t* const m[K], const std::uint64_t k0[K], int steps) {
  using T = typename W::T;
  constexpr int L = W::kLanes;
  T A[K][V], M[K][V], X[K][V], K0[K];
  const T zero = W::zero();
  // a0 k0 mod 2^52: u = (digit 0 + a0 b_i) k0 = digit 0 k0 + (a0 k0) b_i mod 2^52, whose
  // second term needs only b_i and so leaves the latency chain.
  T A0K0[K];
  for (int k = 0; k < K; ++k) {
    K0[k] = W::set1(k0[k]);
    A0K0[k] = W::set1((a[k][0] * k0[k]) & kMask);
  }
  for (int k = 0; k < K; ++k) {
    for (int v = 0; v < V; ++v) {
      A[k][v] = W::load(a[k] + L * v);
      M[k][v] = W::load(m[k] + L * v);
      X[k][v] = zero;
    }
  }
  for (int i = 0; i < steps; ++i) {
    T B[K], U[K], P[K][V], D0[K];
    for (int k = 0; k < K; ++k) {
      B[k] = W::set1(b[k][i]);
      D0[k] = X[k][0];
      for (int v = 0; v < V; ++v) X[k][v] = W::lo(X[k][v], A[k][v], B[k]);
      for (int v = 0; v < V; ++v) P[k][v] = W::hi(zero, A[k][v], B[k]);
    }
    for (int k = 0; k < K; ++k) {
      // u = digit 0 k0 mod 2^52 makes digit 0 divisible by 2^52: one more low-half madd
      // and a broadcast of lane 0, without the trip through a general register.
      if constexpr (K == 1) {
        // Only the low 52 bits of U count in the madds, so no mask.
        U[k] = W::broadcast0(W::lo(W::lo(zero, A0K0[k], B[k]), D0[k], K0[k]));
      } else if constexpr (L * V < 32) {
        U[k] = W::broadcast0(W::lo(zero, X[k][0], K0[k]));
      } else {
        // Two products of 32 digits or more keep the madd ports busy: the extra madd
        // costs more than the latency it saves (tests/perf/rsa_speed --forms).
        U[k] = W::set1((W::lane0(X[k][0]) * k0[k]) & kMask);
      }
    }
    for (int k = 0; k < K; ++k) {
      for (int v = 0; v < V; ++v) X[k][v] = W::lo(X[k][v], M[k][v], U[k]);
      for (int v = 0; v < V; ++v) P[k][v] = W::hi(P[k][v], M[k][v], U[k]);
      // Digit 0's carry (its low 52 bits are zero now) moves up with the shift.
      const T carry = W::srli52(X[k][0]);
      for (int v = 0; v + 1 < V; ++v) X[k][v] = W::down1(X[k][v + 1], X[k][v]);
      X[k][V - 1] = W::down1(zero, X[k][V - 1]);
      X[k][0] = W::add_lane0(X[k][0], carry);
      for (int v = 0; v < V; ++v) X[k][v] = W::add(X[k][v], P[k][v]);
    }
  }
  for (int k = 0; k < K; ++k) {
    normalise<W, V>(r[k], X[k]);
    // An odd count of ymm vectors is a number of whole zmm vectors less 4 digits of
    // padding, which the zmm scans read: zero, whatever r held.
    if constexpr (L == 4 && V % 2 == 1) W::store(r[k] + L * V, zero);
  }
}

/// One product (amm_k with K = 1).
template <class W, int V>
void amm(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, const std::uint64_t* m, std::uint64_t k0,
         int steps) {
  std::uint64_t* const rr[1] = {r};
  const std::uint64_t* const aa[1] = {a};
  const std::uint64_t* const bb[1] = {b};
  const std::uint64_t* const mm[1] = {m};
  const std::uint64_t kk[1] = {k0};
  amm_k<W, V, 1>(rr, aa, bb, mm, kk, steps);
}

/// Two products (amm_k with K = 2).
template <class W, int V>
void amm_pair(std::uint64_t* const r[2], const std::uint64_t* const a[2], const std::uint64_t* const b[2],
              const std::uint64_t* const m[2], const std::uint64_t k0[2], int steps) {
  amm_k<W, V, 2>(r, a, b, m, k0, steps);
}

using AmmFn = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                       std::uint64_t, int);
using AmmPairFn = void (*)(std::uint64_t* const[2], const std::uint64_t* const[2], const std::uint64_t* const[2],
                           const std::uint64_t* const[2], const std::uint64_t[2], int);

// The tables below hold entry i for Stride i + 1 vectors: every count of zmm (Stride 1),
// the odd counts of ymm (Stride 2), the only ones a product runs on ymm.
template <class W, int Stride, int... I>
constexpr auto make_table(std::integer_sequence<int, I...>) {
  return std::array<AmmFn, sizeof...(I)>{&amm<W, Stride * I + 1>...};
}

template <class W, int Stride, int... I>
constexpr auto make_pair_table(std::integer_sequence<int, I...>) {
  return std::array<AmmPairFn, sizeof...(I)>{&amm_pair<W, Stride * I + 1>...};
}

template <class W, int V>
DSTU_IFMA void normalise_loaded(std::uint64_t* r, const std::uint64_t* x) {
  typename W::T X[V];
  for (int v = 0; v < V; ++v) X[v] = W::load(x + W::kLanes * v);
  normalise<W, V>(r, X);
}

using NormaliseFn = void (*)(std::uint64_t*, const std::uint64_t*);

template <class W, int Stride, int... I>
constexpr auto make_normalise_table(std::integer_sequence<int, I...>) {
  return std::array<NormaliseFn, sizeof...(I)>{&normalise_loaded<W, Stride * I + 1>...};
}

// zmm: every count up to kMaxVectors; ymm: only where the last zmm would be half padding,
// an odd count (at most 2 kMaxVectors - 1).
using Counts = std::make_integer_sequence<int, static_cast<int>(kMaxVectors)>;
constexpr auto kAmm = make_table<Zmm, 1>(Counts{});
constexpr auto kAmmPair = make_pair_table<Zmm, 1>(Counts{});
constexpr auto kAmmYmm = make_table<Ymm, 2>(Counts{});
constexpr auto kAmmPairYmm = make_pair_table<Ymm, 2>(Counts{});

constexpr auto kNormalise = make_normalise_table<Zmm, 1>(Counts{});
constexpr auto kNormaliseYmm = make_normalise_table<Ymm, 2>(Counts{});

/// The entry of an odd count of ymm vectors in the ymm tables.
constexpr std::size_t ymm_entry(std::size_t vectors) { return (vectors - 1) / 2; }

/// ymm vectors for numbers of `steps` digits, and zmm vectors.
constexpr std::size_t ymm_vectors_for(std::size_t steps) { return (steps + 3) / 4; }
constexpr std::size_t zmm_vectors_for(std::size_t steps) { return (steps + 7) / 8; }

/// The single (K = 1) or paired (K = 2) product's kernel for numbers of `steps` digits
/// at a width: the one place that picks a table entry.
template <int K>
auto kernel(bool ymm, std::size_t steps) {
  if constexpr (K == 1) {
    return ymm ? kAmmYmm[ymm_entry(ymm_vectors_for(steps))] : kAmm[zmm_vectors_for(steps) - 1];
  } else {
    return ymm ? kAmmPairYmm[ymm_entry(ymm_vectors_for(steps))] : kAmmPair[zmm_vectors_for(steps) - 1];
  }
}

/// True when the zmm products of numbers of `ymm_vectors` ymm vectors (an odd count:
/// the last zmm half padding) and `steps` digits beat the ymm ones on this core, K
/// products at a time: the best of three alternating rounds of each, after one round of
/// each not counted (a core's vector units run wide instructions slowly at first), on
/// made-up operands (no value changes a product's time). Once per process, count of
/// vectors and K: the first size of a count decides for every size of that count.
template <int K>
bool zmm_faster(std::size_t steps) {
  const std::size_t digits = 8 * zmm_vectors_for(steps);
  std::vector<std::uint64_t> m(digits, 0), a(digits, 0), r0(digits), r1(digits);
  for (std::size_t j = 0; j < steps; ++j) {
    m[j] = kMask;
    a[j] = kMask / 3;
  }
  m[steps - 1] = kMask >> 3;  // R >= 4 m, as for a real modulus
  a[steps - 1] = m[steps - 1] / 3;
  const int s = static_cast<int>(steps);
  std::uint64_t* const r[2] = {r0.data(), r1.data()};
  const std::uint64_t* const x[2] = {a.data(), a.data()};
  const std::uint64_t* const mm[2] = {m.data(), m.data()};
  const std::uint64_t k0[2] = {1, 1};
  const int calls = std::max(4, 40000 / (s * s));  // rounds long next to a clock read
  auto time = [&](bool zmm) {
    const auto began = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) {
      if constexpr (K == 1) {
        kernel<1>(!zmm, steps)(r0.data(), a.data(), a.data(), m.data(), 1, s);
      } else {
        kernel<2>(!zmm, steps)(r, x, x, mm, k0, s);
      }
    }
    return std::chrono::steady_clock::now() - began;
  };
  time(false);
  time(true);
  auto best_ymm = std::chrono::steady_clock::duration::max(), best_zmm = best_ymm;
  for (int round = 0; round < 3; ++round) {
    best_ymm = std::min(best_ymm, time(false));
    best_zmm = std::min(best_zmm, time(true));
  }
  return best_zmm < best_ymm;
}

/// The width this process took for single (K = 1) or paired (K = 2) products of a count
/// of ymm vectors: 0 not yet timed, 1 ymm, 2 zmm. Two threads may both time a size
/// first; either verdict serves.
std::atomic<std::uint8_t> g_width[2][kMaxVectors];

template <int K>
bool ymm_chosen(std::size_t steps) {
  std::atomic<std::uint8_t>& slot = g_width[K - 1][ymm_entry(ymm_vectors_for(steps))];
  std::uint8_t width = slot.load(std::memory_order_relaxed);
  if (width == 0) {
    width = zmm_faster<K>(steps) ? 2 : 1;
    slot.store(width, std::memory_order_relaxed);
  }
  return width == 1;
}

std::size_t vectors_for(std::size_t bits) { return (bits + 2 + 52 * 8 - 1) / (52 * 8); }
// R = 2^(52 steps) >= 4 m: the digits m + 2 bits need, whatever the padding to vectors.
std::size_t steps_for(std::size_t bits) { return (bits + 2 + 52 - 1) / 52; }

}  // namespace

bool available() {
  const cpu::Features& f = cpu::active();
  return f.avx512f && f.avx512ifma && f.avx512vl;
}

void normalise(std::uint64_t* r, const std::uint64_t* x, std::size_t digits) {
  if (digits == 0 || digits % 4 != 0 || digits > 8 * kMaxVectors) throw_invalid("IFMA normalise: digit count");
  if (digits % 8 == 0) {
    kNormalise[digits / 8 - 1](r, x);
  } else {
    kNormaliseYmm[ymm_entry(digits / 4)](r, x);
  }
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
  Nat out = Nat::from_limbs(limbs);
  secure_wipe(limbs.data(), limbs.size() * sizeof(Limb));
  return out;
}

Context::Context(const Nat& m, Width width) : m_(m) {
  if (!supports(m)) throw_invalid("modulus size not served by the IFMA kernels");
  v_ = vectors_for(m.bits());
  steps_ = steps_for(m.bits());
  // ymm may serve where 4 digits of padding or more would fill the last zmm: fewer
  // madds, same results. Timed, not ruled: which is faster depends on whether the core
  // has full-width IFMA ports (docs/performance.md).
  // The first context of a count of vectors times both kinds for single products; the
  // paired ones are timed at the first pair (ymm_pair()).
  ymm_allowed_ = ymm_vectors_for(steps_) < 2 * v_ && width != Width::zmm;
  ymm_forced_ = width == Width::ymm;
  ymm_ = ymm_allowed_ && (ymm_forced_ || ymm_chosen<1>(steps_));
  mod_ = to_digits(m, digits());
  // k0 = -m^-1 mod 2^52 from the 64-bit inverse.
  k0_ = neg_inverse_limb(m.low_u64()) & kMask;
  one_ = to_digits(Nat::power_of_two(52 * steps_) % m, digits());
}

void Context::mul(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) const {
  kernel<1>(ymm_, steps_)(r, a, b, mod_.data(), k0_, static_cast<int>(steps_));
}

bool Context::ymm_pair() const { return ymm_allowed_ && (ymm_forced_ || ymm_chosen<2>(steps_)); }

void mul_pair(const Context& c0, std::uint64_t* r0, const std::uint64_t* a0, const std::uint64_t* b0,
              const Context& c1, std::uint64_t* r1, const std::uint64_t* a1, const std::uint64_t* b1) {
  if (c0.v_ != c1.v_ || c0.steps_ != c1.steps_) throw_invalid("IFMA product pair of different sizes");
  std::uint64_t* const r[2] = {r0, r1};
  const std::uint64_t* const a[2] = {a0, a1};
  const std::uint64_t* const b[2] = {b0, b1};
  const std::uint64_t* const m[2] = {c0.mod_.data(), c1.mod_.data()};
  const std::uint64_t k0[2] = {c0.k0_, c1.k0_};
  kernel<2>(c0.ymm_pair(), c0.steps_)(r, a, b, m, k0, static_cast<int>(c0.steps_));
}

DSTU_IFMA void select(std::uint64_t* out, const std::uint64_t* table, std::size_t entries, std::size_t digits,
                      std::uint64_t index) {
  // One vector of digits at a time through every entry, so the accumulator stays in a
  // register; each entry is loaded whole and blended in under a mask that is all ones
  // for entry `index` only (a vector compare, no branch or address on the index).
  const __m512i wanted = _mm512_set1_epi64(static_cast<long long>(index));
  const __m512i step = _mm512_set1_epi64(1);
  for (std::size_t v = 0; v < digits / 8; ++v) {
    __m512i acc = _mm512_setzero_si512(), k = _mm512_setzero_si512();
    for (std::size_t e = 0; e < entries; ++e) {
      const __mmask8 hit = _mm512_cmpeq_epi64_mask(k, wanted);
      acc = _mm512_mask_mov_epi64(acc, hit, _mm512_loadu_si512(table + e * digits + 8 * v));
      k = _mm512_add_epi64(k, step);
    }
    _mm512_storeu_si512(out + 8 * v, acc);
  }
}

Context::Digits Context::to(const Nat& x) const {
  return to_digits((x << (52 * steps_)) % m_, digits());
}

void Context::wipe() noexcept {
  for (auto* v : {&mod_, &one_}) {
    if (!v->empty()) secure_wipe(v->data(), v->size() * sizeof(std::uint64_t));
  }
  if (const std::size_t n = m_.size()) secure_wipe(m_.resize(n), n * sizeof(Limb));
  k0_ = 0;
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
  const Digits x = reduce(t);
  return from_digits(x.data(), digits());
}

}  // namespace dstu::mp::ifma

#pragma GCC diagnostic pop
