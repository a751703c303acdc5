// wNAF scalar multiplication and interleaved double-scalar multiplication s G + r Q
// for verification (HMV Algorithms 3.35-3.36, 3.51). Public scalars and points only:
// everything here is variable time.
#include <cstdint>
#include <vector>

#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/limbs.hpp"
#include "regular_internal.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec2m {
namespace detail {

RegularDigits regular_digits_vartime(const Scalar& k, int w) {
  using mp::Limb;
  RegularDigits out;
  if (mp::ct_is_zero(k) != 0) return out;
  std::vector<Limb> x(k.v.begin(), k.v.end());
  out.plus_one = (x[0] & 1) == 0;
  if (out.plus_one) mp::ln::sub_1(x.data(), x.data(), x.size(), 1);  // k - 1: odd
  const Limb half = Limb{1} << w, mask = (Limb{1} << (w + 1)) - 1;
  const auto above_half = [&] {  // x >= 2^w
    for (std::size_t i = 1; i < x.size(); ++i) {
      if (x[i] != 0) return true;
    }
    return x[0] >= half;
  };
  while (above_half()) {
    // d = (x mod 2^(w+1)) - 2^w is odd with |d| < 2^w, and (x - d) / 2^w = (x >> w) | 1 is odd.
    out.d.push_back(static_cast<std::int8_t>(static_cast<std::int64_t>(x[0] & mask) - static_cast<std::int64_t>(half)));
    mp::ln::rshift(x.data(), x.data(), x.size(), static_cast<unsigned>(w));
    x[0] |= 1;
  }
  out.d.push_back(static_cast<std::int8_t>(x[0]));
  return out;
}

}  // namespace detail

namespace {

using detail::Acc;
using detail::acc_double_vartime;
using detail::acc_result_vartime;
using detail::add_digit_vartime;
using detail::FieldOps;
using detail::odd_multiples_vartime;

template <class K>
AffinePoint wnaf_single(K kern, const Curve& curve, const Scalar& k, const AffinePoint& p) {
  if (p.infinity || mp::ct_is_zero(k) != 0) return AffinePoint::at_infinity();
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  constexpr int w = 5;
  const detail::OddTable<K> t = odd_multiples_vartime(f, c, curve, p, w);
  const std::vector<std::int8_t> digits = curve::wnaf_vartime(k, w);
  Acc<K> q;
  for (std::size_t i = digits.size(); i-- > 0;) {
    acc_double_vartime(f, c, q);
    if (digits[i]) add_digit_vartime(f, c, q, digits[i], t);
  }
  return acc_result_vartime(f, q);
}

template <class K>
AffinePoint wnaf_double(K kern, const Curve& curve, const Scalar& s, const Scalar& r, const AffinePoint& q) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  const detail::OddTable<K> g = detail::g_table_vartime(f, curve);
  const detail::DoublePlan<K> plan(f, c, curve, s, r, q);
  return detail::acc_result_vartime(f, detail::wnaf_double_acc_vartime(f, c, g, plan));
}

}  // namespace

AffinePoint mul_wnaf_vartime(const Curve& c, const Scalar& k, const AffinePoint& p) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_single(kern, c, k, p); });
}

AffinePoint mul_double_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_double(kern, c, s, r, q); });
}

bool mul_double_x_equals_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                 const mp::Nat& v) {
  if (v >= c.order()) return false;
  const AffinePoint sum = mul_double_vartime(c, s, r, q);
  return !sum.infinity && x_integer(c, sum) % c.order() == v;
}

}  // namespace dstu::ec2m
