// dstu::gf2m — typed kernels for the built-in fields (the ten DSTU 4145 ones and the
// NIST ones of FIPS 186-4 D.1.3, builtin.hpp): direct calls, no dispatch.
//
// For code that runs millions of field operations (scalar multiplication), pick the
// kernel type once and let the compiler specialise the whole algorithm:
//
//   gf2m::dispatch(field, [&](auto k) {   // k: Kernels<F257, Isa::clmul>,
//     using K = decltype(k);              //    Kernels<F233, Isa::vpclmul>,
//                                         //    Kernels<N409, Isa::clmul>, ... or
//                                         //    FieldKernels for a generic field
//     typename K::Fe x, y;                // fixed-size word arrays
//     k.mul(x.data(), y.data(), y.data());
//     ...
//   });
//
// Kernels<P, I> has only static members: mul/sqr/... are direct calls to kernels
// compiled for ISA I (out of line: each is long beside a call); add and trace are inline.
// Calling a Kernels<P, Isa::clmul> member on a CPU without PCLMULQDQ (or a
// Kernels<P, Isa::vpclmul> one without VPCLMULQDQ, AVX-512F and PCLMULQDQ) is undefined:
// use dispatch() or check active_isa() first. Element form and constant-time rules
// are those of field.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "dstu/gf2m/field.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::gf2m {

/// f = x^M + x^K1 + x^K2 + x^K3 + 1 (a trinomial when K2 = K3 = 0), M > K1 > K2 > K3,
/// one of the built-in polynomials of builtin.hpp (id names it).
template <int M, int K1, int K2 = 0, int K3 = 0>
struct Poly {
  static constexpr int m = M;
  static constexpr int k1 = K1, k2 = K2, k3 = K3;
  static constexpr bool pentanomial = K2 != 0;
  static constexpr int words = words_for(M);
  static constexpr Builtin id = detail::builtin_of(M, K1, K2, K3);
  static_assert(K1 > K2 && (K2 == 0 || K2 > K3) && (K2 == 0) == (K3 == 0));
  // The special reductions fold the overflow of the first fold once more and are done:
  // that needs 2 K1 < M (reduce_special.hpp).
  static_assert(2 * K1 < M, "special reduction assumes a middle term below m / 2");
};

/// The built-in field types, from the list in builtin.hpp: F163 ... F431 (DSTU 4145-2002
/// Table 1) and N233, N283, N409, N571 (FIPS 186-4 D.1.3).
#define DSTU_GF2M_POLY_TYPE_(Ctx, Name, Standard, Zmm, M, K1, K2, K3) using Name = Poly<M, K1, K2, K3>;
DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_POLY_TYPE_, )
#undef DSTU_GF2M_POLY_TYPE_

// ---- the kernels (explicitly instantiated for the built-in fields; the _vpclmul ones
// for DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD only) ----
// r, a, b: P::words words; c: 2 * P::words words. Outputs may alias inputs.

/// r = a * b: 64x64 carry-less products by integer multiplication with holes.
template <class P> void mul_portable(Word* r, const Word* a, const Word* b);
/// r = a * b: PCLMULQDQ with Karatsuba over words.
template <class P> void mul_clmul(Word* r, const Word* a, const Word* b);
/// r1 = a1 * b1 and r2 = a2 * b2 in one call (the two products interleaved); the four
/// outputs and inputs follow the aliasing rules of mul, and r1 must not alias a2 or b2.
template <class P> void mul2_clmul(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2,
                                   const Word* b2);
/// r1 = a1^2 and r2 = a2^2 in one call (r1 must not alias a2).
template <class P> void sqr2_clmul(Word* r1, const Word* a1, Word* r2, const Word* a2);
/// The same four on ZMM registers with VPCLMULQDQ (needs vpclmulqdq and avx512f): for 3-
/// and 4-word fields and m = 257 (4 words and a one-bit fifth) the two operations of
/// mul2/sqr2 share every instruction (mul and sqr run the same code on one element);
/// m = 307 ... 431 (5 to 7 words) one product per register pair.
/// Clang takes a function template's target from this first declaration, not from the
/// target region of its definition (GCC needs only the region's pragma).
#if defined(__clang__)
#define DSTU_GF2M_VPCLMUL_TARGET __attribute__((target("vpclmulqdq,avx512f,pclmul")))
#else
#define DSTU_GF2M_VPCLMUL_TARGET
#endif
template <class P> DSTU_GF2M_VPCLMUL_TARGET void mul_vpclmul(Word* r, const Word* a, const Word* b);
template <class P>
DSTU_GF2M_VPCLMUL_TARGET void mul2_vpclmul(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2,
                                           const Word* b2);
template <class P> DSTU_GF2M_VPCLMUL_TARGET void sqr_vpclmul(Word* r, const Word* a);
template <class P> DSTU_GF2M_VPCLMUL_TARGET void sqr2_vpclmul(Word* r1, const Word* a1, Word* r2, const Word* a2);
/// c = a * b unreduced.
template <class P> void mul_wide_portable(Word* c, const Word* a, const Word* b);
template <class P> void mul_wide_clmul(Word* c, const Word* a, const Word* b);
/// r = c mod f by the fully unrolled trinomial/pentanomial folding (no ISA needed).
template <class P> void reduce_special(Word* r, const Word* c);
/// r = a^2: bit spreading by shifts and masks / by PCLMULQDQ.
template <class P> void sqr_portable(Word* r, const Word* a);
template <class P> void sqr_clmul(Word* r, const Word* a);
/// r = a^(2^n), the value kept in registers between squarings.
template <class P> void sqr_n_portable(Word* r, const Word* a, unsigned n);
template <class P> void sqr_n_clmul(Word* r, const Word* a, unsigned n);
/// r = a^-1 by Itoh–Tsujii over the binary addition chain of m - 1 (long squaring
/// runs by the field's tables; AVX-512 rows in the _clmul one when allowed).
template <class P> void inv_itoh_tsujii_portable(Word* r, const Word* a);
template <class P> void inv_itoh_tsujii_clmul(Word* r, const Word* a);
/// r = sqrt(a) = even(a) + sqrt(x) * odd(a).
template <class P> void sqrt_portable(Word* r, const Word* a);
template <class P> void sqrt_clmul(Word* r, const Word* a);
/// r = htr(a) from the table of htr(x^odd), rows added under masks (64-bit code /
/// AVX-512 when cpu::active() allows it).
template <class P> void half_trace_portable(Word* r, const Word* a);
template <class P> void half_trace_clmul(Word* r, const Word* a);

#define DSTU_GF2M_DECLARE_VPCLMUL_KERNELS(F)                                           \
  extern template void mul_vpclmul<F>(Word*, const Word*, const Word*);             \
  extern template void mul2_vpclmul<F>(Word*, const Word*, const Word*, Word*, const Word*, const Word*); \
  extern template void sqr_vpclmul<F>(Word*, const Word*);                          \
  extern template void sqr2_vpclmul<F>(Word*, const Word*, Word*, const Word*);
DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(DSTU_GF2M_DECLARE_VPCLMUL_KERNELS)
#undef DSTU_GF2M_DECLARE_VPCLMUL_KERNELS

#define DSTU_GF2M_DECLARE_KERNELS(F)                                                   \
  extern template void mul_portable<F>(Word*, const Word*, const Word*);            \
  extern template void mul_clmul<F>(Word*, const Word*, const Word*);               \
  extern template void mul2_clmul<F>(Word*, const Word*, const Word*, Word*, const Word*, const Word*); \
  extern template void sqr2_clmul<F>(Word*, const Word*, Word*, const Word*);       \
  extern template void mul_wide_portable<F>(Word*, const Word*, const Word*);       \
  extern template void mul_wide_clmul<F>(Word*, const Word*, const Word*);          \
  extern template void reduce_special<F>(Word*, const Word*);                       \
  extern template void sqr_portable<F>(Word*, const Word*);                         \
  extern template void sqr_clmul<F>(Word*, const Word*);                            \
  extern template void sqr_n_portable<F>(Word*, const Word*, unsigned);             \
  extern template void sqr_n_clmul<F>(Word*, const Word*, unsigned);                \
  extern template void inv_itoh_tsujii_portable<F>(Word*, const Word*);             \
  extern template void inv_itoh_tsujii_clmul<F>(Word*, const Word*);                \
  extern template void sqrt_portable<F>(Word*, const Word*);                        \
  extern template void sqrt_clmul<F>(Word*, const Word*);                           \
  extern template void half_trace_portable<F>(Word*, const Word*);                  \
  extern template void half_trace_clmul<F>(Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_DECLARE_KERNELS)
#undef DSTU_GF2M_DECLARE_KERNELS

/// The trace mask of f as a compile-time constant: bit i set iff Tr(x^i) = 1, from
/// Newton's identities for the power sums of the roots of f.
template <class P>
constexpr std::array<Word, P::words> trace_mask() {
  // e_j = coefficient of x^(m-j) in f; p_k = sum_{j<k} e_j p_(k-j) + k e_k (mod 2).
  // Only the j with e_j = 1 contribute: m - k1, m - k2, m - k3 (and m, never below k).
  const int n = P::pentanomial ? 3 : 1;
  const int js[3] = {P::m - P::k1, P::m - P::k2, P::m - P::k3};
  std::array<unsigned char, P::m> p{};
  p[0] = P::m & 1;
  for (int k = 1; k < P::m; ++k) {
    unsigned char s = 0;
    for (int i = 0; i < n; ++i) {
      if (js[i] < k) s ^= p[k - js[i]];
      if (js[i] == k) s ^= static_cast<unsigned char>(k & 1);
    }
    p[k] = s;
  }
  std::array<Word, P::words> mask{};
  for (int i = 0; i < P::m; ++i) mask[i / 64] |= Word(p[i]) << (i % 64);
  return mask;
}

/// Which kernels VPCLMULQDQ replaces in Kernels<P, Isa::vpclmul> for a built-in field
/// (the others, and these where false, are the clmul kernels). dispatch() and ops()
/// use Isa::vpclmul for a field only when any() holds, and the clmul kernels otherwise.
struct VpclmulChoice {
  bool mul = false, mul2 = false, sqr = false, sqr2 = false;
  constexpr bool any() const { return mul || mul2 || sqr || sqr2; }
};

/// The measured choice: `perf_gf2m --vpclmul` times each kernel on PCLMULQDQ and on
/// VPCLMULQDQ, latency and throughput, and the curve operations decide (`dstu bench ec`
/// and `bench sign` with DSTU_CPU=native,-vpclmulqdq against native). Once mul2 is
/// cheap the ladder is latency-bound, so a kernel that wins on throughput but loses on
/// latency can cost there: those stay clmul.
///  - m = 163 ... 191: mul2, the ladder's paired products; mul, sqr and sqr2 lose on
///    latency (six PCLMULQDQ products are already short).
///  - m = 233: mul2 and mul (sign and verify gain); sqr and sqr2 win or tie alone but
///    cost the ladder and signing.
///  - m = 257 (the halves layout with the one-bit top word): all four; each one switched
///    back to clmul alone costs the ladder, verification or signing.
///  - m = 307 ... 431 (the wide layout): clmul. mul, mul2 and sqr lose or tie, and sqr2,
///    faster alone, makes the ladder slower and moves nothing else.
///  - the NIST fields N233 ... N571: clmul. They have no VPCLMULQDQ kernels (the ZMM
///    reduction needs k1 < m mod 64: N233 and N409 break it).
/// The choice is made at compile time and serves every CPU with VPCLMULQDQ on ZMM alike.
constexpr VpclmulChoice vpclmul_choice(Builtin id) {
  switch (id) {
    case Builtin::F163: case Builtin::F167: case Builtin::F173: case Builtin::F179: case Builtin::F191:
      return {.mul2 = true};
    case Builtin::F233:
      return {.mul = true, .mul2 = true};
    case Builtin::F257:
      return {.mul = true, .mul2 = true, .sqr = true, .sqr2 = true};
    default:
      return {};
  }
}
#define DSTU_GF2M_CHECK_CHOICE_(Ctx, Name, Standard, Zmm, ...)                                  \
  static_assert(!vpclmul_choice(Builtin::Name).any() || detail::builtin_spec(Builtin::Name).vpclmul, \
                "vpclmul_choice picks VPCLMULQDQ kernels that are not compiled for " #Name);
DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_CHECK_CHOICE_, )
#undef DSTU_GF2M_CHECK_CHOICE_

/// Direct-call kernels of built-in field P on ISA I.
template <class P, Isa I>
struct Kernels {
  using Params = P;
  static constexpr int m = P::m;
  static constexpr int words = P::words;
  static constexpr Isa isa = I;
  /// Storage for one element.
  using Fe = std::array<Word, P::words>;

  /// The runtime descriptor of the same field (tables, external forms).
  static const Field& field() { return Field::builtin(P::id); }

  static void add(Word* r, const Word* a, const Word* b) {
    for (int i = 0; i < words; ++i) r[i] = a[i] ^ b[i];
  }
  static void mul(Word* r, const Word* a, const Word* b) {
    if constexpr (vp.mul) mul_vpclmul<P>(r, a, b);
    else if constexpr (hw) mul_clmul<P>(r, a, b);
    else mul_portable<P>(r, a, b);
  }
  /// r1 = a1 b1, r2 = a2 b2 (independent; r1 must not alias a2 or b2).
  static void mul2(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2, const Word* b2) {
    if constexpr (vp.mul2) {
      mul2_vpclmul<P>(r1, a1, b1, r2, a2, b2);
    } else if constexpr (hw) {
      mul2_clmul<P>(r1, a1, b1, r2, a2, b2);
    } else {
      mul_portable<P>(r1, a1, b1);
      mul_portable<P>(r2, a2, b2);
    }
  }
  /// r1 = a1^2, r2 = a2^2 (independent; r1 must not alias a2).
  static void sqr2(Word* r1, const Word* a1, Word* r2, const Word* a2) {
    if constexpr (vp.sqr2) {
      sqr2_vpclmul<P>(r1, a1, r2, a2);
    } else if constexpr (hw) {
      sqr2_clmul<P>(r1, a1, r2, a2);
    } else {
      sqr_portable<P>(r1, a1);
      sqr_portable<P>(r2, a2);
    }
  }
  static void mul_wide(Word* c, const Word* a, const Word* b) {
    if constexpr (hw) mul_wide_clmul<P>(c, a, b);
    else mul_wide_portable<P>(c, a, b);
  }
  static void reduce(Word* r, const Word* c) { reduce_special<P>(r, c); }
  static void sqr(Word* r, const Word* a) {
    if constexpr (vp.sqr) sqr_vpclmul<P>(r, a);
    else if constexpr (hw) sqr_clmul<P>(r, a);
    else sqr_portable<P>(r, a);
  }
  static void sqr_n(Word* r, const Word* a, unsigned n) {
    if constexpr (hw) sqr_n_clmul<P>(r, a, n); else sqr_n_portable<P>(r, a, n);
  }
  static void inv(Word* r, const Word* a) {
    if constexpr (hw) inv_itoh_tsujii_clmul<P>(r, a);
    else inv_itoh_tsujii_portable<P>(r, a);
  }
  static void sqrt(Word* r, const Word* a) {
    if constexpr (hw) sqrt_clmul<P>(r, a); else sqrt_portable<P>(r, a);
  }
  static void half_trace(Word* r, const Word* a) {
    if constexpr (hw) half_trace_clmul<P>(r, a); else half_trace_portable<P>(r, a);
  }
  /// Tr(a), 0 or 1.
  static unsigned trace(const Word* a) {
    constexpr auto mask = trace_mask<P>();
    Word t = 0;
    for (int i = 0; i < words; ++i) t ^= a[i] & mask[i];
    return static_cast<unsigned>(__builtin_parityll(t));
  }

 private:
  static constexpr bool hw = I != Isa::portable;  // carry-less kernels
  static constexpr VpclmulChoice vp = I == Isa::vpclmul ? vpclmul_choice(P::id) : VpclmulChoice{};
};

/// The same interface over a runtime Field and its kernel table (generic fields, or
/// any field when code size matters more than the last nanoseconds).
struct FieldKernels {
  const Field* f;
  const Ops* o;
  int m;
  int words;
  Isa isa;
  using Fe = std::array<Word, kMaxWords>;

  explicit FieldKernels(const Field& field)
      : f(&field), o(&ops(field)), m(field.m()), words(field.words()), isa(o->isa) {}
  const Field& field() const { return *f; }
  void add(Word* r, const Word* a, const Word* b) const {
    for (int i = 0; i < words; ++i) r[i] = a[i] ^ b[i];
  }
  void mul(Word* r, const Word* a, const Word* b) const { o->mul(*f, r, a, b); }
  void mul2(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2, const Word* b2) const {
    o->mul(*f, r1, a1, b1);
    o->mul(*f, r2, a2, b2);
  }
  void sqr2(Word* r1, const Word* a1, Word* r2, const Word* a2) const {
    o->sqr(*f, r1, a1);
    o->sqr(*f, r2, a2);
  }
  void mul_wide(Word* c, const Word* a, const Word* b) const { o->mul_wide(*f, c, a, b); }
  void reduce(Word* r, const Word* c) const { o->reduce(*f, r, c); }
  void sqr(Word* r, const Word* a) const { o->sqr(*f, r, a); }
  void sqr_n(Word* r, const Word* a, unsigned n) const { o->sqr_n(*f, r, a, n); }
  void inv(Word* r, const Word* a) const { o->inv(*f, r, a); }
  void sqrt(Word* r, const Word* a) const { o->sqrt(*f, r, a); }
  void half_trace(Word* r, const Word* a) const { o->half_trace(*f, r, a); }
  unsigned trace(const Word* a) const {
    Word t = 0;
    for (int i = 0; i < words; ++i) t ^= a[i] & f->trace_mask()[i];
    return static_cast<unsigned>(__builtin_parityll(t));
  }
};

/// Calls fn(Kernels<P, I>{}) for a built-in field (is_builtin(): DSTU and NIST) with the
/// best ISA cpu::active() allows now for it (Isa::vpclmul only where
/// vpclmul_choice(P::id).any(); the same I as ops(f).isa), or fn(FieldKernels(f)) for a
/// generic field, and returns what fn returns (every instantiation must return the
/// same type).
template <class Fn>
decltype(auto) dispatch(const Field& f, Fn&& fn) {
  if (const std::optional<Builtin> id = f.builtin_id()) {
    const Isa isa = active_isa();
    switch (*id) {
#define DSTU_GF2M_DISPATCH_CASE(F)                                            \
  case F::id:                                                                 \
    if constexpr (vpclmul_choice(F::id).any()) {                              \
      if (isa == Isa::vpclmul) return fn(Kernels<F, Isa::vpclmul>{});         \
    }                                                                         \
    if (isa != Isa::portable) return fn(Kernels<F, Isa::clmul>{});            \
    return fn(Kernels<F, Isa::portable>{});
      DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_DISPATCH_CASE)
#undef DSTU_GF2M_DISPATCH_CASE
    }
  }
  return fn(FieldKernels(f));
}

}  // namespace dstu::gf2m
