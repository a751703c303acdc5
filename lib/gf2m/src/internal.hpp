// Internal: declarations shared between the module's source files — run-time-size
// kernels for generic fields, the run-time reductions, and the kernel tables.
#pragma once

#include "dstu/gf2m/field.hpp"
#include "dstu/gf2m/ops.hpp"

#include <vector>

namespace dstu::gf2m::detail {

/// Largest double-length product plus slack, in words.
inline constexpr int kWideWords = 2 * kMaxWords + 2;

// ---- run-time size products, 1 <= n <= kMaxWords (mul_*.cpp, sqr_*.cpp) ----
void mul_wide_n_portable(Word* c, const Word* a, const Word* b, int n);
void mul_wide_n_clmul(Word* c, const Word* a, const Word* b, int n);
void sqr_wide_n_portable(Word* c, const Word* a, int n);
void sqr_wide_n_clmul(Word* c, const Word* a, int n);

/// p[k], p[k+1] ^= column k of the schoolbook product a * b (n words), k0 <= k < k1.
void mul_columns_portable(Word* p, const Word* a, const Word* b, int n, int k0, int k1);
void mul_columns_clmul(Word* p, const Word* a, const Word* b, int n, int k0, int k1);

using MulWideN = void (*)(Word* c, const Word* a, const Word* b, int n);

// ---- run-time reductions (reduce.cpp); c: 2 * words words, deg c <= 2m - 2 ----
/// Trinomial/pentanomial folding with run-time exponents, f.sparse_passes() passes.
void reduce_sparse(const Field& f, Word* r, const Word* c);
/// Carry-less Barrett with mu = x^(2m) div f; `mul` is the ISA's wide product.
void reduce_barrett(const Field& f, Word* r, const Word* c, MulWideN mul);
/// Rows x^(m+i) mod f added under the masks of the bits m + i of c.
void reduce_table(const Field& f, Word* r, const Word* c);

// ---- kernel tables (ops.cpp, generic.cpp) ----
/// The typed tables of a built-in field; for Isa::vpclmul the clmul table when
/// vpclmul_choice(id) uses no VPCLMULQDQ kernel.
const Ops* builtin_ops(Builtin id, Isa isa);
/// The tables of generic fields.
const Ops& generic_ops(Isa isa);

// ---- field constants (trace.cpp, half_trace.cpp, sqrt.cpp) ----
/// Tr(x^i) for i < m as a mask, from Newton's identities (exponents descending).
void compute_trace_mask(Word* mask, int m, std::span<const int> exponents);
/// The half-trace rows htr(x^(2j+1)), j < (m-1)/2, by repeated squaring with `o`
/// (f.row_stride() words apart).
void compute_half_trace_rows(const Field& f, const Ops& o, Word* rows);
/// The rows (x^i)^(2^k), i < m (f.row_stride() words apart).
void compute_multisquare_rows(const Field& f, const Ops& o, unsigned k, Word* rows);
/// The squaring runs of the Itoh–Tsujii chain of m that get a table.
std::vector<unsigned> multisquare_runs(int m);

// ---- shared algorithm bodies on run-time fields ----
/// Itoh–Tsujii on any field through its kernel table.
void inv_itoh_tsujii_generic(const Field& f, const Ops& o, Word* r, const Word* a);
/// sqrt by even/odd split through the field's multiply.
void sqrt_generic(const Field& f, const Ops& o, Word* r, const Word* a);
/// htr by the half-size table (any odd-m field), rows on the ISA of `o`.
void half_trace_generic(const Field& f, const Ops& o, Word* r, const Word* a);

}  // namespace dstu::gf2m::detail
