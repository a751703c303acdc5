// u1 G + u2 Q for verification: interleaved w-NAF in Jacobian coordinates (public
// scalars and points: variable time), a template on the field's kernels
// (curve_ops.hpp), dispatched once per call.
#include <algorithm>
#include <array>
#include <vector>

#include "comb.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

/// The width-w NAF of k (public): digits in {0, +-1, +-3, ..., +-(2^(w-1) - 1)}, least
/// significant first, each nonzero digit followed by at least w - 1 zeros.
std::vector<int> wnaf_vartime(const Scalar& k, int w) {
  std::array<std::uint64_t, Scalar::kLimbs + 1> x{};
  for (std::size_t i = 0; i < Scalar::kLimbs; ++i) x[i] = k.v[i];
  auto is_zero = [&] {
    for (std::uint64_t l : x) {
      if (l) return false;
    }
    return true;
  };
  std::vector<int> out;
  out.reserve(Scalar::kBits + 1);
  const std::uint64_t mask = (std::uint64_t{1} << w) - 1, half = std::uint64_t{1} << (w - 1);
  while (!is_zero()) {
    int digit = 0;
    if (x[0] & 1) {
      const std::uint64_t low = x[0] & mask;
      if (low >= half) {  // negative digit low - 2^w: add 2^w - low
        digit = static_cast<int>(low) - static_cast<int>(mask + 1);
        std::uint64_t carry = mask + 1 - low;
        for (std::size_t i = 0; i < x.size() && carry; ++i) {
          x[i] += carry;
          carry = x[i] < carry ? 1 : 0;
        }
      } else {
        digit = static_cast<int>(low);
        x[0] -= low;  // low <= x[0] & mask: no borrow
      }
    }
    out.push_back(digit);
    for (std::size_t i = 0; i + 1 < x.size(); ++i) x[i] = x[i] >> 1 | x[i + 1] << 63;
    x.back() >>= 1;
  }
  return out;
}

/// Interleaved w-NAF (Möller, "Algorithms for multi-exponentiation", SAC 2001) in
/// Jacobian coordinates: one chain of doublings, a mixed addition for each nonzero digit
/// of u1 (the curve's cached affine odd multiples of G) and an addition for each of u2
/// (odd multiples of Q made here).
template <class K>
AffinePoint interleaved_wnaf(const detail::CurveOps<K>& c, const Scalar& u1, const Scalar& u2,
                             const AffinePoint& q) {
  using Fe = typename K::Fe;
  using J = detail::Jac<Fe>;
  const K& f = c.f;
  const std::vector<int> n1 = wnaf_vartime(u1, detail::kNafWindowG), n2 = wnaf_vartime(u2, detail::kNafWindowQ);
  const std::vector<detail::MaybeAffine<Fe>>& tg = detail::g_tables(c).odd;
  std::array<J, std::size_t{1} << (detail::kNafWindowQ - 2)> tq;
  tq[0] = detail::jac_from_public(c, q);
  J twice;
  detail::jac_dbl_vartime(c, twice, tq[0]);
  for (std::size_t i = 1; i < tq.size(); ++i) detail::jac_add_vartime(c, tq[i], tq[i - 1], twice);
  J acc = detail::jac_infinity(c);
  for (std::size_t i = std::max(n1.size(), n2.size()); i-- > 0;) {
    detail::jac_dbl_vartime(c, acc, acc);
    if (i < n1.size() && n1[i] != 0) {
      const detail::MaybeAffine<Fe>& e = tg[static_cast<std::size_t>(n1[i] < 0 ? -n1[i] : n1[i]) / 2];
      if (!e.infinity) {
        detail::Affine<Fe> p = e.p;
        if (n1[i] < 0) f.neg(p.y, p.y);
        detail::jac_add_mixed_vartime(c, acc, acc, p);
      }
    }
    if (i < n2.size() && n2[i] != 0) {
      J p = tq[static_cast<std::size_t>(n2[i] < 0 ? -n2[i] : n2[i]) / 2];
      if (n2[i] < 0) f.neg(p.Y, p.Y);
      detail::jac_add_vartime(c, acc, acc, p);
    }
  }
  return detail::jac_to_affine_vartime(c, acc);
}

}  // namespace

AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q) {
  return detail::with_curve_ops(c, [&](const auto& ops) { return interleaved_wnaf(ops, u1, u2, q); });
}

}  // namespace dstu::ecp
