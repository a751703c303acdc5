// dstu::mp::ln — kernels on little-endian arrays of 64-bit limbs.
//
// The layer under Fixed<N> and Nat: plain functions on (pointer, length) pairs, no
// allocation, no normalisation. Unless a name ends in _vartime, a kernel's running
// time and memory accesses depend only on the lengths, never on limb values, so they
// may be used on secrets. Output parameters come first. Unless stated, an output
// may equal an input exactly but must not partially overlap one.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::mp {

using Limb = std::uint64_t;
using DLimb = unsigned __int128;
inline constexpr int kLimbBits = 64;

namespace ln {

// ---- addition and subtraction (add.cpp) ----

/// r = a + b over n limbs; returns the carry (0 or 1).
Limb add_n(Limb* r, const Limb* a, const Limb* b, std::size_t n);
/// r = a - b over n limbs; returns the borrow (0 or 1).
Limb sub_n(Limb* r, const Limb* a, const Limb* b, std::size_t n);
/// r[0..na) = a + b with na >= nb; returns the carry.
Limb add(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
/// r[0..na) = a - b with na >= nb; returns the borrow.
Limb sub(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
/// r = a + w over n limbs; returns the carry.
Limb add_1(Limb* r, const Limb* a, std::size_t n, Limb w);
/// r = a - w over n limbs; returns the borrow.
Limb sub_1(Limb* r, const Limb* a, std::size_t n, Limb w);
/// -1, 0 or 1 as a <, =, > b over n limbs (variable time: stops at the first difference).
int cmp_vartime(const Limb* a, const Limb* b, std::size_t n);
/// r = a << cnt over n limbs, 0 <= cnt < 64; returns the bits shifted out. r <= a allowed.
Limb lshift(Limb* r, const Limb* a, std::size_t n, unsigned cnt);
/// r = a >> cnt over n limbs, 0 <= cnt < 64; returns the bits shifted out (at the top
/// of the word). r >= a allowed.
Limb rshift(Limb* r, const Limb* a, std::size_t n, unsigned cnt);
/// Number of limbs once high zero limbs are dropped (variable time).
std::size_t normalized_size_vartime(const Limb* a, std::size_t n);
/// Zeroes n limbs.
void zero(Limb* r, std::size_t n);
/// Copies n limbs (r and a may overlap as for memmove).
void copy(Limb* r, const Limb* a, std::size_t n);

// ---- rows: multiply by one limb (mul_1.cpp; ISA-specific kernels chosen at run time) ----

/// r = a * w over n limbs; returns the high limb.
Limb mul_1(Limb* r, const Limb* a, std::size_t n, Limb w);
/// r += a * w over n limbs; returns the carry limb.
Limb addmul_1(Limb* r, const Limb* a, std::size_t n, Limb w);
/// r -= a * w over n limbs; returns the borrow limb.
Limb submul_1(Limb* r, const Limb* a, std::size_t n, Limb w);

// ---- products (comba.cpp, karatsuba.cpp, mul.cpp); r never overlaps a or b ----

/// r[0..na+nb) = a * b by Modified Comba ([Parallel Comba]): each result column
/// is the sum of its partial products with the low and high halves accumulated in
/// separate double-width accumulators (deferred carry); carries are resolved once per
/// column. na, nb >= 1.
void mul_comba(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
/// r[0..2n) = a^2: Comba columns with the off-diagonal products counted once, doubled.
void sqr_comba(Limb* r, const Limb* a, std::size_t n);
/// r[0..na+nb) = a * b by operand scanning (one addmul_1 row per limb of b).
void mul_basecase(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
/// r[0..2n) = a^2 by rows: off-diagonal products once, doubled, plus the diagonal.
void sqr_basecase(Limb* r, const Limb* a, std::size_t n);

/// r[0..2n) = a * b by a fully unrolled hardware kernel when one exists for n
/// (2 <= n <= 8, mulx/adx available); returns false, touching nothing, otherwise.
/// Constant time.
bool mul_n_hw(Limb* r, const Limb* a, const Limb* b, std::size_t n);
/// r[0..2n) = a^2 likewise.
bool sqr_n_hw(Limb* r, const Limb* a, std::size_t n);
/// The same unrolled kernels without the run-time check, for callers that chose the
/// CPU path once for many calls (gfp::dispatch): r[0..2N) = a * b and r[0..2N) = a^2,
/// 2 <= N <= 8. Undefined on a CPU without BMI2 and ADX. Constant time.
template <std::size_t N>
void mul_fixed_adx(Limb* r, const Limb* a, const Limb* b);
template <std::size_t N>
void sqr_fixed_adx(Limb* r, const Limb* a);

/// Scratch limbs mul_karatsuba / sqr_karatsuba need for operands of n limbs.
std::size_t karatsuba_scratch(std::size_t n);
/// r[0..2n) = a * b by Karatsuba, recursing down to the Comba basecase.
void mul_karatsuba(Limb* r, const Limb* a, const Limb* b, std::size_t n, Limb* scratch);
/// r[0..2n) = a^2 by Karatsuba.
void sqr_karatsuba(Limb* r, const Limb* a, std::size_t n, Limb* scratch);

/// Scratch limbs mul() needs for these operand sizes.
std::size_t mul_scratch(std::size_t na, std::size_t nb);
/// r[0..na+nb) = a * b, na >= nb >= 1, by the fastest sequential method for the sizes.
void mul(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb, Limb* scratch);
/// Scratch limbs sqr() needs for an n-limb operand.
std::size_t sqr_scratch(std::size_t n);
/// r[0..na+nb) = a * b by the fastest method for the sizes, sequential or, from the
/// measured crossover (tuning::Thresholds::comba_mx) and with a free team, Comba Mx.
void mul_auto(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb, Limb* scratch);
/// r[0..2n) = a^2 by the fastest sequential method for the size.
void sqr(Limb* r, const Limb* a, std::size_t n, Limb* scratch);

// ---- parallel twins of mul_comba (comba_parallel.cpp), bit-identical to it ----

/// Modified Comba 2x: the lower and the upper column triangles in two OpenMP
/// sections, then one carry fix-up ([Parallel Comba]). Runs sequentially when nested.
void mul_comba_2x(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
/// Modified Comba Mx: every column independently into per-column (lo, hi)
/// accumulators by `threads` team threads, then one sequential merge ([Parallel Comba]).
void mul_comba_mx(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb,
                  int threads);

// ---- division (div.cpp); variable time ----

/// q[0..nu-nv+1) = u / v, r[0..nv) = u mod v by Knuth's algorithm D, nu >= nv >= 1,
/// v[nv-1] != 0. q or r may be null when not wanted. No overlap with u or v.
void divrem_vartime(Limb* q, Limb* r, const Limb* u, std::size_t nu, const Limb* v,
                    std::size_t nv);
/// q[0..n) = u / d for one nonzero limb d; returns u mod d. q may equal u.
Limb divrem_1_vartime(Limb* q, const Limb* u, std::size_t n, Limb d);
/// u mod d for one nonzero limb d.
Limb mod_1_vartime(const Limb* u, std::size_t n, Limb d);

}  // namespace ln
}  // namespace dstu::mp
