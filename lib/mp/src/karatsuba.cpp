// Karatsuba multiplication and squaring on equal-length operands.
//
// With a = a1 B^h + a0 and b = b1 B^h + b0 (h = n/2, m = n - h limbs on top):
//   a b = z2 B^2h + (z0 + z2 + (a0 - a1)(b1 - b0)) B^h + z0,  z0 = a0 b0, z2 = a1 b1.
// The middle product is formed from |a0 - a1| and |b1 - b0| and added or
// subtracted by the sign. Below the threshold the recursion ends in the basecase.
#include "carry.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/mp/limbs.hpp"
#include "kernels.hpp"
#include "tuning.hpp"

namespace dstu::mp::ln {
namespace {

/// r[0..m) = |x - y| where x has xn limbs (xn is m or m - 1, zero-extended) and y
/// has m limbs; returns 1 when x < y. Constant time.
Limb abs_diff(Limb* r, const Limb* x, std::size_t xn, const Limb* y, std::size_t m) {
  Limb borrow = sub_n(r, x, y, xn);
  if (xn < m) borrow = detail::subb(static_cast<unsigned char>(borrow), 0, y[xn], &r[xn]);
  const ct::Mask mask = 0 - borrow;
  for (std::size_t i = 0; i < m; ++i) r[i] ^= mask;
  add_1(r, r, m, borrow);  // two's complement negation when x < y
  return borrow;
}

void mul_base(Limb* r, const Limb* a, const Limb* b, std::size_t n) { mul_small(r, a, n, b, n); }

/// r[h..2n) += z0 + z2 + (negate ? -t : t), where z0 = r[0..2h), z2 = r[2h..2n) and
/// t = t[0..2m) (overwritten). The sum is formed modulo B^(2m+1), which is exact
/// because the true middle term is non-negative and below B^(2m+1). Constant time.
void add_middle(Limb* r, std::size_t h, std::size_t m, Limb* t, Limb negate, Limb* w) {
  const std::size_t n = h + m;
  copy(w, r + 2 * h, 2 * m);
  w[2 * m] = add(w, w, 2 * m, r, 2 * h);
  const ct::Mask mask = 0 - negate;
  for (std::size_t i = 0; i < 2 * m; ++i) t[i] ^= mask;
  Limb top = mask + add_1(t, t, 2 * m, negate);
  w[2 * m] += top + add_n(w, w, t, 2 * m);
  add(r + h, r + h, 2 * n - h, w, 2 * m + 1);
}

}  // namespace

std::size_t karatsuba_scratch(std::size_t n) {
  if (n < 2) return 0;
  const std::size_t m = n - n / 2;
  const std::size_t inner = 4 * m + karatsuba_scratch(m);
  return inner > 6 * m + 1 ? inner : 6 * m + 1;
}

void mul_karatsuba(Limb* r, const Limb* a, const Limb* b, std::size_t n, Limb* scratch) {
  if (n < tuning::current().karatsuba_mul || n < 2) return mul_base(r, a, b, n);
  const std::size_t h = n / 2, m = n - h;
  mul_karatsuba(r, a, b, h, scratch);                    // z0
  mul_karatsuba(r + 2 * h, a + h, b + h, m, scratch);    // z2
  Limb* da = scratch;
  Limb* db = scratch + m;
  Limb* t = scratch + 2 * m;
  Limb sa = abs_diff(da, a, h, a + h, m);  // |a0 - a1|, 1 if a0 < a1
  Limb sb = abs_diff(db, b, h, b + h, m);  // |b0 - b1|, 1 if b0 < b1
  mul_karatsuba(t, da, db, m, scratch + 4 * m);
  // (a0 - a1)(b1 - b0) = -(a0 - a1)(b0 - b1) is negative exactly when sa == sb.
  add_middle(r, h, m, t, 1 ^ sa ^ sb, scratch + 4 * m);
}

void sqr_karatsuba(Limb* r, const Limb* a, std::size_t n, Limb* scratch) {
  if (n < tuning::current().karatsuba_sqr || n < 2) return sqr_small(r, a, n);
  const std::size_t h = n / 2, m = n - h;
  sqr_karatsuba(r, a, h, scratch);
  sqr_karatsuba(r + 2 * h, a + h, m, scratch);
  Limb* da = scratch;
  Limb* t = scratch + 2 * m;
  abs_diff(da, a, h, a + h, m);
  sqr_karatsuba(t, da, m, scratch + 4 * m);
  add_middle(r, h, m, t, 1, scratch + 4 * m);  // a0 a1 * 2 = z0 + z2 - (a0 - a1)^2
}

}  // namespace dstu::mp::ln
