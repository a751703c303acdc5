// Internal: GF(2)-linear maps as tables of rows, applied under masks.
//
// A linear map L on field elements (k-fold squaring a -> a^(2^k), the half-trace) is
// a table of rows L(x^i); L(a) is the XOR of the rows whose bit i of a is set. Every
// row is read in a fixed order and added under an all-ones/all-zeros mask, so time
// and memory accesses do not depend on a (constant time, no secret index).
// Rows are stored with a stride of kRowStride words (64-byte aligned) so that one
// AVX-512 register holds a row for fields of up to 8 words.
#pragma once

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m::detail {

/// Words per stored row for elements of w words.
constexpr int row_stride(int w) { return w <= 8 ? 8 : w; }

/// Which bits of a select rows: first, first + step, ... below limit; row n belongs to
/// the n-th selected bit. Used as {0, 1, m} (every bit) and {1, 2, m} (odd bits).
struct RowSelect {
  int first;
  int step;
  int limit;
};

/// r (w words) = XOR of rows[n] over selected bits set in a. Plain 64-bit code.
void apply_rows_portable(Word* r, const Word* a, const Word* rows, int w, RowSelect sel);
/// The same with AVX-512F (w <= 8): one row per register, mask per row from VPTESTMQ.
/// Only when cpu::active().avx512f.
void apply_rows_avx512(Word* r, const Word* a, const Word* rows, int w, RowSelect sel);

/// The faster of the two that may run now (avx512 when allowed and w <= 8).
void apply_rows_best(Word* r, const Word* a, const Word* rows, int w, RowSelect sel);

}  // namespace dstu::gf2m::detail
