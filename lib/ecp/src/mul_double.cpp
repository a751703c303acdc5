// u1 G + u2 Q for verification: interleaved w-NAF in Jacobian coordinates (public
// scalars and points: variable time), a template on the field's kernels
// (curve_ops.hpp), dispatched once per call; and the signatures' final test of x mod n
// on the Jacobian sum itself, without its inversion.
#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "comb.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

/// Bits [pos, pos + count) of k, count <= 32 (bits past the Scalar read as 0).
std::uint64_t window_at(const Scalar& k, std::size_t pos, int count) {
  if (pos >= Scalar::kBits) return 0;
  std::uint64_t v = k.v[pos / 64] >> (pos % 64);
  if (pos % 64 != 0 && pos / 64 + 1 < Scalar::kLimbs) v |= k.v[pos / 64 + 1] << (64 - pos % 64);
  return v & ((std::uint64_t{1} << count) - 1);
}

/// The width-w NAF of k (public): digits in {0, +-1, +-3, ..., +-(2^(w-1) - 1)}, least
/// significant first, each nonzero digit followed by at least w - 1 zeros. Scanning the
/// bits with a carry: where the bit plus the carry is odd, the next w bits plus the carry
/// make the digit (less 2^w, carrying 1 to the bit w places up, where it is 2^(w-1) or
/// more), and the w - 1 digits after it are 0.
std::vector<int> wnaf_vartime(const Scalar& k, int w) {
  std::size_t bits = 0;  // L(k)
  for (std::size_t i = Scalar::kLimbs; i-- > 0;) {
    if (k.v[i] != 0) {
      bits = 64 * i + 64 - static_cast<std::size_t>(__builtin_clzll(k.v[i]));
      break;
    }
  }
  std::vector<int> out(bits + static_cast<std::size_t>(w) + 1, 0);  // room for the last carry
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < out.size();) {
    if (window_at(k, i, 1) == carry) {  // even: a 0 digit, the carry goes on
      ++i;
      continue;
    }
    const std::uint64_t word = window_at(k, i, w) + carry;  // odd
    carry = (word >> (w - 1)) & 1;
    out[i] = static_cast<int>(word) - static_cast<int>(carry << w);
    i += static_cast<std::size_t>(w);
  }
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

/// r += the odd multiple |digit| P of the table (negated for a negative digit; skipped
/// when it is O).
template <class K>
void add_digit(const detail::CurveOps<K>& c, detail::Jac<typename K::Fe>& r,
               std::span<const detail::MaybeAffine<typename K::Fe>> table, int digit) {
  const detail::MaybeAffine<typename K::Fe>& e = table[static_cast<std::size_t>(digit < 0 ? -digit : digit) / 2];
  if (e.infinity) return;
  detail::Affine<typename K::Fe> p = e.p;
  if (digit < 0) c.f.neg(p.y, p.y);
  detail::jac_add_mixed_vartime(c, r, r, p);
}

/// Interleaved w-NAF (Möller, "Algorithms for multi-exponentiation", SAC 2001) in
/// Jacobian coordinates: one chain of doublings and a mixed addition for each nonzero
/// digit, of u1 from the curve's cached affine odd multiples of G, of u2 from Q's made
/// here (odd_multiples.hpp), affine with one inversion: it costs less than the 3M + 2S
/// per addition it saves (8M + 3S against 11M + 5S) from P-256 on.
template <class K>
detail::Jac<typename K::Fe> interleaved_wnaf(const detail::CurveOps<K>& c, const Scalar& u1, const Scalar& u2,
                                             const AffinePoint& q) {
  using Fe = typename K::Fe;
  const std::vector<int> n1 = wnaf_vartime(u1, detail::kNafWindowG), n2 = wnaf_vartime(u2, detail::kNafWindowQ);
  const std::span<const detail::MaybeAffine<Fe>> tg = detail::odd_table(c);
  std::array<detail::MaybeAffine<Fe>, std::size_t{1} << (detail::kNafWindowQ - 2)> tq;
  detail::odd_multiples_vartime(c, std::span<detail::MaybeAffine<Fe>>(tq), q);
  detail::Jac<Fe> acc = detail::jac_infinity(c);
  for (std::size_t i = std::max(n1.size(), n2.size()); i-- > 0;) {
    detail::jac_dbl_vartime(c, acc, acc);
    if (i < n1.size() && n1[i] != 0) add_digit(c, acc, tg, n1[i]);
    if (i < n2.size() && n2[i] != 0) add_digit(c, acc, tq, n2[i]);
  }
  return acc;
}

/// Whether the Jacobian point p (X : Y : Z) of the model is finite with x mod n = r:
/// the integer x of the curve's point is one of r, r + n, r + 2 n, ... below p (one or
/// two of them on the curves of cofactor 1), and x = c in the curve's coordinates is
/// X = u^2 c Z^2 in the model's (u^2 = 1 without an isomorphism), one product and a
/// comparison per candidate where the affine x would cost an inversion.
template <class K>
bool x_mod_n_equals_vartime(const detail::CurveOps<K>& c, const detail::Jac<typename K::Fe>& p, const mp::Nat& r) {
  if (detail::jac_is_infinity_vartime(p)) return false;
  const gfp::Field& f = c.curve->field();
  typename K::Fe zz, want;
  c.f.sqr(zz, p.Z);
  if (c.isomorphic) c.f.mul(zz, zz, c.u2);
  for (mp::Nat x = r; x < f.prime(); x = x + c.curve->order()) {
    c.f.mul(want, K::from(f.from_nat(x)), zz);
    if (K::eq(want, p.X) != 0) return true;
  }
  return false;
}

}  // namespace

AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q) {
  return detail::with_curve_ops(
      c, [&](const auto& ops) { return detail::jac_to_affine_vartime(ops, interleaved_wnaf(ops, u1, u2, q)); });
}

bool mul_double_x_equals_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q,
                                 const mp::Nat& r) {
  if (r >= c.order()) return false;
  return detail::with_curve_ops(
      c, [&](const auto& ops) { return x_mod_n_equals_vartime(ops, interleaved_wnaf(ops, u1, u2, q), r); });
}

}  // namespace dstu::ecp
