// dstu::gf2m — field operations on (Field, Element), and the kernel table behind them.
//
// Every function here asks cpu::active() which kernels may run (vector carry-less
// multiply, carry-less multiply or the portable constant-time code) on each call;
// DSTU_CPU=portable or cpu::set_override("portable") forces the portable kernels,
// DSTU_CPU=native,-vpclmulqdq the carry-less ones. A caller doing many
// operations takes `const Ops& k = ops(field)` once and calls k.mul(field, ...), or
// uses kernels.hpp for direct calls. Unless a name ends in _vartime, running time and
// memory accesses do not depend on element values. Outputs may alias inputs.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m {

/// The instruction set a kernel table uses.
enum class Isa : std::uint8_t {
  portable,  ///< plain 64-bit integer code, constant time, no table indexed by secrets
  clmul,     ///< PCLMULQDQ with SSE4.1; its row-table kernels (half-trace, the long
             ///< squaring runs of inversion) use AVX-512F when cpu::active() allows
             ///< and a row fits a ZMM register (up to 8 words: not m = 571)
  vpclmul,   ///< VPCLMULQDQ on ZMM with AVX-512F for multiplication (and squaring) of
             ///< the DSTU fields that gain from it (vpclmul_choice() in kernels.hpp);
             ///< the clmul kernels for everything else
};

/// Name of an Isa ("portable", "clmul", "vpclmul").
const char* isa_name(Isa isa);

/// The best ISA the features f allow: vpclmul when cpu::vpclmul_kernels(f), clmul
/// with pclmulqdq, else portable.
Isa best_isa(const cpu::Features& f);

/// best_isa(cpu::active()). A field may still use a lower one: ops(f).isa says which
/// kernels a field actually runs.
Isa active_isa();

/// One field's kernels on one ISA. Pointers take the field first, then outputs, then
/// inputs; word arrays hold field.words() words (wide ones 2 * words()).
struct Ops {
  Isa isa;
  /// r = a * b mod f.
  void (*mul)(const Field& f, Word* r, const Word* a, const Word* b);
  /// r = a^2 mod f.
  void (*sqr)(const Field& f, Word* r, const Word* a);
  /// r = a^(2^n) mod f (n squarings; n is public).
  void (*sqr_n)(const Field& f, Word* r, const Word* a, unsigned n);
  /// c[0 .. 2*words) = a * b, not reduced (for sums of products reduced once).
  void (*mul_wide)(const Field& f, Word* c, const Word* a, const Word* b);
  /// r = c mod f for c of 2*words words with degree < 2m - 1.
  void (*reduce)(const Field& f, Word* r, const Word* c);
  /// r = a^-1 by Itoh–Tsujii (0 maps to 0).
  void (*inv)(const Field& f, Word* r, const Word* a);
  /// r = sqrt(a) = a^(2^(m-1)).
  void (*sqrt)(const Field& f, Word* r, const Word* a);
  /// r = htr(a) (odd m only).
  void (*half_trace)(const Field& f, Word* r, const Word* a);
};

/// The kernel table for f that may run now (per cpu::active()); ops(f).isa is the Isa
/// dispatch() picks for f. On a vpclmul machine a DSTU field that does not gain from
/// VPCLMULQDQ, and every generic field, gets the clmul table; a vpclmul table holds the
/// kernels of Kernels<P, Isa::vpclmul>, VPCLMULQDQ only where vpclmul_choice() says so.
const Ops& ops(const Field& f);

// ---- arithmetic on Elements ----

/// r = a + b (XOR).
inline void add(const Field& f, Element& r, const Element& a, const Element& b) {
  for (int i = 0; i < f.words(); ++i) r.w[i] = a.w[i] ^ b.w[i];
}
/// r = a * b.
void mul(const Field& f, Element& r, const Element& a, const Element& b);
/// r = a^2.
void sqr(const Field& f, Element& r, const Element& a);
/// r = a^(2^n); n is public.
void sqr_n(const Field& f, Element& r, const Element& a, unsigned n);
/// r = a^-1 (Itoh–Tsujii, constant time); inv(0) = 0.
void inv(const Field& f, Element& r, const Element& a);
/// r = a^-1 by the extended Euclidean algorithm: time depends on a (public a only).
/// inv_vartime(0) = 0.
void inv_vartime(const Field& f, Element& r, const Element& a);
/// r = sqrt(a), the unique s with s^2 = a.
void sqrt(const Field& f, Element& r, const Element& a);
/// Tr(a) = a + a^2 + a^4 + ... + a^(2^(m-1)), 0 or 1.
unsigned trace(const Field& f, const Element& a);
/// htr(a) = sum of a^(4^i), 0 <= i <= (m-1)/2. Odd m only: throws Error(unsupported)
/// for even m.
void half_trace(const Field& f, Element& r, const Element& a);
/// Solves z^2 + z = c: returns true and z (the other root is z + 1) when Tr(c) = 0;
/// returns false with z = htr(c) (not a root) when Tr(c) = 1. Constant time. Odd m
/// only (Error(unsupported) otherwise).
bool solve_quadratic(const Field& f, Element& z, const Element& c);

/// True iff a == b (constant time).
bool equal(const Field& f, const Element& a, const Element& b);
/// True iff a == 0 (constant time).
bool is_zero(const Field& f, const Element& a);
/// The element 1.
Element one();

// ---- external forms ----

/// Element from exactly f.bytes() bytes, most significant first. Throws
/// Error(invalid_input) on another length or a value >= 2^m.
Element from_bytes_be(const Field& f, std::span<const std::uint8_t> in);
/// Element from exactly f.bytes() bytes, least significant first (Ukrainian PKI
/// form). Throws like from_bytes_be.
Element from_bytes_le(const Field& f, std::span<const std::uint8_t> in);
/// f.bytes() bytes, most significant first.
Bytes to_bytes_be(const Field& f, const Element& a);
/// f.bytes() bytes, least significant first.
Bytes to_bytes_le(const Field& f, const Element& a);
/// Element from big-endian hex: 1 to 2*f.bytes() digits, either case, no prefix.
/// Throws Error(invalid_input) on other text or a value >= 2^m.
Element from_hex(const Field& f, std::string_view hex);
/// Big-endian lower-case hex, exactly 2*f.bytes() digits.
std::string to_hex(const Field& f, const Element& a);

}  // namespace dstu::gf2m
