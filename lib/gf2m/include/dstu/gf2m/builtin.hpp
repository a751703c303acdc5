// dstu::gf2m — the built-in fields: the one list of the polynomials that get
// compile-time, fully specialised kernels (kernels.hpp) and Reduction::special.
//
// The ten DSTU 4145-2002 polynomial-basis fields (DSTU 4145-2002 Table 1, m = 163 ...
// 431), then the NIST binary fields of FIPS 186-4 Appendix D.1.3 that are not DSTU
// ones: x^233+x^74+1, x^283+x^12+x^7+x^5+1, x^409+x^87+1, x^571+x^10+x^5+x^2+1.
// (NIST's x^163+x^7+x^6+x^3+1 is DSTU's F163: one field, listed once.) Every other
// polynomial is a generic Field (field.hpp). Depends on nothing; nothing here is secret.
#pragma once

#include <cstdint>

/// X(Ctx, Name, Standard, Zmm, M, K1, K2, K3) for each built-in field, in the order of
/// the Builtin enumerators: f = x^M + x^K1 + x^K2 + x^K3 + 1 (a trinomial when K2 = K3
/// = 0). Standard is dstu or nist; Zmm is vpclmul when the VPCLMULQDQ kernels
/// (mul_vpclmul.cpp, sqr_vpclmul.cpp) are compiled for the field — their ZMM reductions
/// need K1 < M mod 64, or M = 257 with a trinomial (the one-bit top word has its own
/// fold) — and clmul when it has the PCLMULQDQ kernels only. Ctx is passed
/// through to X untouched (the derived lists below pass their own macro in it).
#define DSTU_GF2M_BUILTIN_FIELDS(X, Ctx)      \
  X(Ctx, F163, dstu, vpclmul, 163, 7, 6, 3)   \
  X(Ctx, F167, dstu, vpclmul, 167, 6, 0, 0)   \
  X(Ctx, F173, dstu, vpclmul, 173, 10, 2, 1)  \
  X(Ctx, F179, dstu, vpclmul, 179, 4, 2, 1)   \
  X(Ctx, F191, dstu, vpclmul, 191, 9, 0, 0)   \
  X(Ctx, F233, dstu, vpclmul, 233, 9, 4, 1)   \
  X(Ctx, F257, dstu, vpclmul, 257, 12, 0, 0)  \
  X(Ctx, F307, dstu, vpclmul, 307, 8, 4, 2)   \
  X(Ctx, F367, dstu, vpclmul, 367, 21, 0, 0)  \
  X(Ctx, F431, dstu, vpclmul, 431, 5, 3, 1)   \
  X(Ctx, N233, nist, clmul, 233, 74, 0, 0)    \
  X(Ctx, N283, nist, clmul, 283, 12, 7, 5)    \
  X(Ctx, N409, nist, clmul, 409, 87, 0, 0)    \
  X(Ctx, N571, nist, clmul, 571, 10, 5, 2)

// Derived lists: Y(Name) for every built-in field, and for those with VPCLMULQDQ kernels.
#define DSTU_GF2M_NAME_OF_(Y, Name, ...) Y(Name)
#define DSTU_GF2M_ZMM_vpclmul(Y, Name) Y(Name)
#define DSTU_GF2M_ZMM_clmul(Y, Name)
#define DSTU_GF2M_ZMM_OF_(Y, Name, Standard, Zmm, ...) DSTU_GF2M_ZMM_##Zmm(Y, Name)

/// Y(F) for each built-in field type F of kernels.hpp (F163 ... F431, N233 ... N571).
#define DSTU_GF2M_FOR_EACH_FIELD(Y) DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_NAME_OF_, Y)
/// Y(F) for each built-in field with VPCLMULQDQ kernels compiled.
#define DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(Y) DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_ZMM_OF_, Y)

namespace dstu::gf2m {

/// The built-in fields: Fm for the DSTU 4145 ones, Nm for the NIST ones of FIPS 186-4
/// D.1.3 (the same names as their kernel types in kernels.hpp).
enum class Builtin : std::uint8_t {
#define DSTU_GF2M_ENUMERATOR_(Ctx, Name, ...) Name,
  DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_ENUMERATOR_, )
#undef DSTU_GF2M_ENUMERATOR_
};

namespace detail {

/// One row of the list.
struct BuiltinSpec {
  Builtin id;
  bool dstu;     ///< a DSTU 4145 field
  bool vpclmul;  ///< VPCLMULQDQ kernels compiled
  int m, k1, k2, k3;
};

#define DSTU_GF2M_IS_dstu true
#define DSTU_GF2M_IS_nist false
#define DSTU_GF2M_HAS_vpclmul true
#define DSTU_GF2M_HAS_clmul false
#define DSTU_GF2M_SPEC_(Ctx, Name, Standard, Zmm, M, K1, K2, K3) \
  {Builtin::Name, DSTU_GF2M_IS_##Standard, DSTU_GF2M_HAS_##Zmm, M, K1, K2, K3},
inline constexpr BuiltinSpec kBuiltinSpecs[] = {DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_SPEC_, )};
#undef DSTU_GF2M_SPEC_
#undef DSTU_GF2M_IS_dstu
#undef DSTU_GF2M_IS_nist
#undef DSTU_GF2M_HAS_vpclmul
#undef DSTU_GF2M_HAS_clmul

inline constexpr int kBuiltinCount = sizeof kBuiltinSpecs / sizeof kBuiltinSpecs[0];

constexpr const BuiltinSpec& builtin_spec(Builtin id) { return kBuiltinSpecs[static_cast<int>(id)]; }

/// The built-in field with f = x^m + x^k1 + x^k2 + x^k3 + 1; not a constant expression
/// (a compile error where one is needed) when there is none.
constexpr Builtin builtin_of(int m, int k1, int k2, int k3) {
  for (const BuiltinSpec& s : kBuiltinSpecs) {
    if (s.m == m && s.k1 == k1 && s.k2 == k2 && s.k3 == k3) return s.id;
  }
  throw "not a built-in polynomial";
}

}  // namespace detail
}  // namespace dstu::gf2m
