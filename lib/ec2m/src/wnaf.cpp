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

/// Width-w NAF digits of k, least significant first: odd digits in
/// (-2^(w-1), 2^(w-1)), at most one nonzero in any w consecutive. Works in place on a
/// fixed limb buffer (runs of zeros are skipped a word at a time).
std::vector<std::int8_t> wnaf(const mp::Nat& k, int w) {
  using mp::Limb;
  std::vector<std::int8_t> out;
  out.reserve(k.bits() + 1);
  std::vector<Limb> x(k.limbs().begin(), k.limbs().end());
  x.push_back(0);  // room for the carry of a negative digit
  const Limb full = Limb{1} << w, half = full >> 1;
  std::size_t n = x.size();
  while (n > 0 && x[n - 1] == 0) --n;
  while (n > 0) {
    if (x[0] & 1) {
      Limb d = x[0] & (full - 1);
      if (d >= half) {
        mp::ln::add_1(x.data(), x.data(), n + 1 <= x.size() ? n + 1 : n, full - d);  // x += |d|, d < 0
        out.push_back(static_cast<std::int8_t>(static_cast<std::int64_t>(d) - static_cast<std::int64_t>(full)));
      } else {
        x[0] -= d;  // no borrow: the low bits are exactly d
        out.push_back(static_cast<std::int8_t>(d));
      }
      // The next w - 1 digits are zero.
      const unsigned skip = static_cast<unsigned>(w);
      out.insert(out.end(), skip - 1, 0);
      mp::ln::rshift(x.data(), x.data(), x.size(), skip);
    } else {
      const unsigned tz = x[0] ? static_cast<unsigned>(__builtin_ctzll(x[0])) : 63;
      out.insert(out.end(), tz, 0);
      mp::ln::rshift(x.data(), x.data(), x.size(), tz);
    }
    n = x.size();
    while (n > 0 && x[n - 1] == 0) --n;
  }
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

RegularDigits regular_digits_vartime(const mp::Nat& k, int w) {
  using mp::Limb;
  RegularDigits out;
  if (k.is_zero()) return out;
  std::vector<Limb> x(k.limbs().begin(), k.limbs().end());
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
using detail::wnaf;

template <class K>
AffinePoint wnaf_single(K kern, const Curve& curve, const mp::Nat& k, const AffinePoint& p) {
  if (p.infinity || k.is_zero()) return AffinePoint::at_infinity();
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  constexpr int w = 5;
  const detail::OddTable<K> t = odd_multiples_vartime(f, c, curve, p, w);
  const std::vector<std::int8_t> digits = wnaf(k, w);
  Acc<K> q;
  for (std::size_t i = digits.size(); i-- > 0;) {
    acc_double_vartime(f, c, q);
    if (digits[i]) add_digit_vartime(f, c, q, digits[i], t);
  }
  return acc_result_vartime(f, q);
}

template <class K>
AffinePoint wnaf_double(K kern, const Curve& curve, const mp::Nat& s, const mp::Nat& r, const AffinePoint& q) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  const detail::OddTable<K> g = detail::g_table_vartime(f, curve);
  const detail::DoublePlan<K> plan(f, c, curve, s, r, q);
  return detail::acc_result_vartime(f, detail::wnaf_double_acc_vartime(f, c, g, plan));
}

}  // namespace

AffinePoint mul_wnaf_vartime(const Curve& c, const mp::Nat& k, const AffinePoint& p) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_single(kern, c, k, p); });
}

AffinePoint mul_double_vartime(const Curve& c, const mp::Nat& s, const mp::Nat& r, const AffinePoint& q) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_double(kern, c, s, r, q); });
}

}  // namespace dstu::ec2m
