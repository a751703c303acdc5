// Internal: word-level helpers shared by the kernels (bit spreading and squeezing,
// masks, copies). All branch-free and ISA-free.
//
// Everything here sits in an unnamed namespace on purpose: the header is included by
// TUs compiled for different ISAs (#pragma GCC target), and internal linkage keeps
// the linker from merging an AVX-compiled copy of an inline function into portable code.
#pragma once

#include <cstdint>

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m::detail {
namespace {

/// Bit i of the low 32 bits of x moves to bit 2i (the square of a 32-bit polynomial).
inline Word spread32(Word x) {
  x &= 0xffffffffULL;
  x = (x | x << 16) & 0x0000ffff0000ffffULL;
  x = (x | x << 8) & 0x00ff00ff00ff00ffULL;
  x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fULL;
  x = (x | x << 2) & 0x3333333333333333ULL;
  x = (x | x << 1) & 0x5555555555555555ULL;
  return x;
}

/// The even-position bits of x packed into the low 32 bits (inverse of spread32).
inline Word squeeze_even(Word x) {
  x &= 0x5555555555555555ULL;
  x = (x | x >> 1) & 0x3333333333333333ULL;
  x = (x | x >> 2) & 0x0f0f0f0f0f0f0f0fULL;
  x = (x | x >> 4) & 0x00ff00ff00ff00ffULL;
  x = (x | x >> 8) & 0x0000ffff0000ffffULL;
  x = (x | x >> 16) & 0x00000000ffffffffULL;
  return x;
}

/// Splits a (n words) into its even and odd bits: ev = sum a_2i x^i, od = sum a_2i+1 x^i
/// (each ceil(n/2) words).
inline void split_even_odd(Word* ev, Word* od, const Word* a, int n) {
  for (int i = 0; 2 * i < n; ++i) {
    const Word lo = a[2 * i], hi = 2 * i + 1 < n ? a[2 * i + 1] : 0;
    ev[i] = squeeze_even(lo) | squeeze_even(hi) << 32;
    od[i] = squeeze_even(lo >> 1) | squeeze_even(hi >> 1) << 32;
  }
}

/// All-ones if bit b of x is set, else 0 (b public, x secret).
inline Word bit_mask(Word x, unsigned b) { return Word(0) - ((x >> b) & 1); }

inline void copy_words(Word* r, const Word* a, int n) {
  for (int i = 0; i < n; ++i) r[i] = a[i];
}

inline void zero_words(Word* r, int n) {
  for (int i = 0; i < n; ++i) r[i] = 0;
}

/// Mask of the valid bits in the top word of a degree-m element.
constexpr Word top_mask_for(int m) {
  return m % 64 == 0 ? ~Word(0) : (Word(1) << (m % 64)) - 1;
}

}  // namespace
}  // namespace dstu::gf2m::detail
