// The parallel twins of mul_comba ([Parallel Comba]): Modified Comba 2x and Mx.
//
// Deferred carry makes the columns of a product independent, so they can be summed
// on different threads; only the carry resolution is sequential. Both variants use
// the same column sums (comba_column.hpp) as mul_comba, so results are identical.
#include <omp.h>

#include <vector>

#include "comba_column.hpp"
#include "dstu/mp/limbs.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::mp::ln {
namespace {

using detail::ColumnSum;

std::size_t products_in_column(std::size_t na, std::size_t nb, std::size_t k) {
  const std::size_t i0 = k >= nb ? k - nb + 1 : 0;
  const std::size_t i1 = std::min(k, na - 1);
  return i1 - i0 + 1;
}

/// The first column of the upper part: both parts hold about half the products.
std::size_t balanced_split(std::size_t na, std::size_t nb) {
  const std::size_t half = na * nb / 2;
  std::size_t sum = 0, k = 0;
  while (sum < half) sum += products_in_column(na, nb, k++);
  return k;
}

/// Columns [k0, k1) settled into r[k0..k1) starting from a zero carry; returns the
/// carry left over.
DLimb settle_range(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb,
                   std::size_t k0, std::size_t k1) {
  ColumnSum carry{};
  for (std::size_t k = k0; k < k1; ++k) {
    r[k] = detail::settle(carry, detail::column(a, na, b, nb, k));
  }
  return carry.lo;
}

}  // namespace

void mul_comba_2x(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  const std::size_t top = na + nb - 1;
  const std::size_t split = balanced_split(na, nb);
  DLimb low_carry = 0, high_carry = 0;
  const bool nested = parallel::inside_parallel();
#pragma omp parallel sections num_threads(2) if (!nested)
  {
#pragma omp section
    low_carry = settle_range(r, a, na, b, nb, 0, split);
#pragma omp section
    high_carry = settle_range(r, a, na, b, nb, split, top);
  }
  // Fix-up: the upper part was summed without the lower part's carry.
  r[top] = detail::lo(high_carry);
  Limb c = add_1(r + split, r + split, top + 1 - split, detail::lo(low_carry));
  if (split + 1 <= top) c += add_1(r + split + 1, r + split + 1, top - split, detail::hi(low_carry));
  (void)c;  // the product fits in na + nb limbs, so no carry leaves the top
}

void mul_comba_mx(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb,
                  int threads) {
  const std::size_t top = na + nb - 1;
  thread_local std::vector<ColumnSum> columns;
  if (columns.size() < top) columns.resize(top);
  ColumnSum* cols = columns.data();
  const long ncols = static_cast<long>(top);
  const bool serial = threads <= 1 || parallel::inside_parallel();
  // Interleaved chunks of two columns (one cache line) balance the triangle.
#pragma omp parallel for num_threads(threads) schedule(static, 2) if (!serial)
  for (long k = 0; k < ncols; ++k) {
    cols[k] = detail::column(a, na, b, nb, static_cast<std::size_t>(k));
  }
  ColumnSum carry{};
  for (std::size_t k = 0; k < top; ++k) r[k] = detail::settle(carry, cols[k]);
  r[top] = detail::lo(carry.lo);
}

}  // namespace dstu::mp::ln
