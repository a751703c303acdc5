// Modified Comba multiplication with deferred carry ([Parallel Comba]) and its squaring
// twin, plus the operand-scanning basecase.
//
// Column k of a*b is the sum of a_i*b_j over i + j = k. [Parallel Comba] works on
// 32-bit digits in 64-bit accumulators; with 64-bit limbs the same idea uses two
// 128-bit accumulators per column: one sums the low halves, one the high halves of the
// products, so no carry moves between them while the column is summed. After the
// column, its low limb is final and everything above it is the next column's starting
// value.
#include "carry.hpp"
#include "comba_column.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::mp::ln {

void mul_comba(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  detail::ColumnSum carry{};
  const std::size_t top = na + nb - 1;
  for (std::size_t k = 0; k < top; ++k) {
    detail::ColumnSum col = detail::column(a, na, b, nb, k);
    r[k] = detail::settle(carry, col);
  }
  r[top] = detail::lo(carry.lo);
}

void sqr_comba(Limb* r, const Limb* a, std::size_t n) {
  detail::ColumnSum carry{};
  const std::size_t top = 2 * n - 1;
  for (std::size_t k = 0; k < top; ++k) {
    detail::ColumnSum col = detail::square_column(a, n, k);
    r[k] = detail::settle(carry, col);
  }
  r[top] = detail::lo(carry.lo);
}

void mul_basecase(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  r[na] = mul_1(r, a, na, b[0]);
  for (std::size_t j = 1; j < nb; ++j) r[na + j] = addmul_1(r + j, a, na, b[j]);
}

void sqr_basecase(Limb* r, const Limb* a, std::size_t n) {
  // Off-diagonal products a_i a_j (i < j) once, by rows; then doubled; then the
  // squares a_i^2 added on the diagonal.
  r[0] = 0;
  r[2 * n - 1] = 0;
  if (n > 1) {
    r[n] = mul_1(r + 1, a + 1, n - 1, a[0]);
    for (std::size_t i = 1; i + 1 < n; ++i) r[n + i] = addmul_1(r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
  }
  r[2 * n - 1] = lshift(r + 1, r + 1, 2 * n - 2, 1);
  unsigned char c = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const DLimb sq = detail::mul_wide(a[i], a[i]);
    c = detail::addc(c, r[2 * i], detail::lo(sq), &r[2 * i]);
    c = detail::addc(c, r[2 * i + 1], detail::hi(sq), &r[2 * i + 1]);
  }
}

}  // namespace dstu::mp::ln
