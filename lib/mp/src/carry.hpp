// Internal: add/subtract with carry and full 64x64->128 products, one place.
#pragma once

#include "dstu/mp/limbs.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace dstu::mp::detail {

/// *out = a + b + c (c in {0,1}); returns the carry out.
inline unsigned char addc(unsigned char c, Limb a, Limb b, Limb* out) {
#if defined(__x86_64__)
  unsigned long long s;
  c = _addcarry_u64(c, a, b, &s);
  *out = s;
  return c;
#else
  DLimb s = static_cast<DLimb>(a) + b + c;
  *out = static_cast<Limb>(s);
  return static_cast<unsigned char>(s >> 64);
#endif
}

/// *out = a - b - c (c in {0,1}); returns the borrow out.
inline unsigned char subb(unsigned char c, Limb a, Limb b, Limb* out) {
#if defined(__x86_64__)
  unsigned long long s;
  c = _subborrow_u64(c, a, b, &s);
  *out = s;
  return c;
#else
  DLimb s = static_cast<DLimb>(a) - b - c;
  *out = static_cast<Limb>(s);
  return static_cast<unsigned char>((s >> 64) & 1);
#endif
}

/// The 128-bit product a * b.
inline DLimb mul_wide(Limb a, Limb b) { return static_cast<DLimb>(a) * b; }

inline Limb lo(DLimb x) { return static_cast<Limb>(x); }
inline Limb hi(DLimb x) { return static_cast<Limb>(x >> 64); }

}  // namespace dstu::mp::detail
