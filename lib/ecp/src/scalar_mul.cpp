// Scalar multiplication: 4-bit fixed windows with a masked table scan (constant time),
// interleaved w-NAF in Jacobian coordinates for verification's u1 G + u2 Q (variable
// time).
#include "dstu/ecp/scalar_mul.hpp"

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include <algorithm>
#include <array>
#include <vector>

#include "comb.hpp"
#include "jacobian.hpp"
#include "projective.hpp"

namespace dstu::ecp {
namespace detail {

AffinePoint to_affine(const Curve& c, const Proj& p) {
  const gfp::Field& f = c.field();
  ct::Mask inf = f.is_zero(p.Z);
  ct::unpoison(&inf, sizeof inf);
  if (inf) return AffinePoint::at_infinity();
  gfp::Element zi;
  f.inv(zi, p.Z);
  AffinePoint r;
  f.mul(r.x, p.X, zi);
  f.mul(r.y, p.Y, zi);
  secure_wipe(&zi, sizeof zi);
  return r;
}

}  // namespace detail

namespace {

using detail::Proj;
constexpr int kWindow = 4;
constexpr int kTable = 1 << kWindow;

/// The 4-bit digit of k at window j (bits 4j .. 4j + 3).
unsigned digit(const Scalar& k, std::size_t j) {
  const std::size_t bit = kWindow * j;
  return static_cast<unsigned>(k.v[bit / 64] >> (bit % 64)) & (kTable - 1);  // 64 is a multiple of 4
}

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

}  // namespace

Scalar scalar_from_nat(const mp::Nat& x) {
  if (x.bits() > Scalar::kBits) throw_invalid("scalar wider than 576 bits");
  Scalar s;
  x.to_limbs(s.data(), Scalar::kLimbs);
  return s;
}

AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p) {
  // table[i] = i P, for i < 16.
  Proj table[kTable];
  table[0] = detail::infinity(c);
  table[1] = detail::from_affine(c, p);
  for (int i = 2; i < kTable; ++i) detail::add(c, table[i], table[i - 1], table[1]);  // complete: 1 + 1 too
  const std::size_t windows = (c.order_bits() + kWindow - 1) / kWindow;
  Proj acc = detail::infinity(c), entry;
  for (std::size_t j = windows; j-- > 0;) {
    for (int s = 0; s < kWindow; ++s) detail::dbl(c, acc, acc);
    const unsigned d = digit(k, j);
    detail::select(entry, table, kTable, d);
    detail::add(c, acc, acc, entry);
  }
  const AffinePoint out = detail::to_affine(c, acc);
  secure_wipe(table, sizeof table);
  secure_wipe(&acc, sizeof acc);
  secure_wipe(&entry, sizeof entry);
  return out;
}


AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  Proj r;
  detail::add(c, r, detail::from_affine(c, p), detail::from_affine(c, q));
  return detail::to_affine(c, r);
}

AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q) {
  // Interleaved w-NAF (Möller, "Algorithms for multi-exponentiation", SAC 2001) in
  // Jacobian coordinates: one chain of doublings, a mixed addition for each nonzero digit
  // of u1 (the curve's cached affine odd multiples of G) and an addition for each of u2
  // (odd multiples of Q made here).
  using detail::Jac;
  const std::vector<int> n1 = wnaf_vartime(u1, detail::kNafWindowG), n2 = wnaf_vartime(u2, detail::kNafWindowQ);
  const std::vector<AffinePoint>& tg = c.base_table().odd;
  const gfp::Field& f = c.field();
  std::vector<Jac> tq(std::size_t{1} << (detail::kNafWindowQ - 2));
  tq[0] = detail::jac_from_affine(c, q);
  Jac twice;
  detail::jac_dbl_vartime(c, twice, tq[0]);
  for (std::size_t i = 1; i < tq.size(); ++i) detail::jac_add_vartime(c, tq[i], tq[i - 1], twice);
  Jac acc = detail::jac_from_affine(c, AffinePoint::at_infinity());
  for (std::size_t i = std::max(n1.size(), n2.size()); i-- > 0;) {
    detail::jac_dbl_vartime(c, acc, acc);
    if (i < n1.size() && n1[i] != 0) {
      AffinePoint p = tg[static_cast<std::size_t>(n1[i] < 0 ? -n1[i] : n1[i]) / 2];
      if (n1[i] < 0 && !p.infinity) f.neg(p.y, p.y);
      detail::jac_add_mixed_vartime(c, acc, acc, p);
    }
    if (i < n2.size() && n2[i] != 0) {
      Jac p = tq[static_cast<std::size_t>(n2[i] < 0 ? -n2[i] : n2[i]) / 2];
      if (n2[i] < 0) f.neg(p.Y, p.Y);
      detail::jac_add_vartime(c, acc, acc, p);
    }
  }
  return detail::jac_to_affine_vartime(c, acc);
}

}  // namespace dstu::ecp
