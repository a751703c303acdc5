// k G, constant time in k: by comb.hpp's signed windows (mul_base: one mixed addition per
// window, its entry read by a masked scan of the window's table; Jacobian while the
// window's place proves the exceptional cases away, complete above), and by
// its Lim-Lee comb (mul_base_comb, the twin: every column's digits select a table entry
// by a masked scan, one complete addition each, a doubling per column).
#include <algorithm>

#include "comb.hpp"
#include "scalar_width.hpp"

#include "dstu/base/wipe.hpp"
#include "dstu/curve/table_scan.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

template <class K>
AffinePoint comb(const detail::CurveOps<K>& c, const Scalar& k) {
  using Fe = typename K::Fe;
  const detail::CombTable<Fe>& t = detail::comb_table(c);
  const std::size_t d = t.columns;
  detail::Proj<Fe> acc = detail::infinity(c), entry;
  for (std::size_t col = d; col-- > 0;) {
    detail::dbl(c, acc, acc);
    for (int s = 0; s < detail::kCombTables; ++s) {
      // The digit of table s in this column: bit j v d + s d + col of k for each tooth j
      // (public positions).
      std::uint64_t digit = 0;
      for (int j = 0; j < detail::kCombTeeth; ++j) {
        const std::size_t pos = (j * detail::kCombTables + s) * d + col;
        if (pos < Scalar::kBits) digit |= ((k.v[pos / 64] >> (pos % 64)) & 1) << j;
      }
      detail::select(entry, t.points.data() + std::size_t{detail::kCombSize} * s, detail::kCombSize, digit);
      detail::add(c, acc, acc, entry);
    }
  }
  const AffinePoint out = detail::to_affine(c, acc);
  ScopedWipe wipe(acc, entry);
  return out;
}

/// Bits [pos, pos + count) of k (public positions; bits past the Scalar read as 0).
std::uint64_t bits_at(const Scalar& k, std::size_t pos, unsigned count) {
  std::uint64_t v = 0;
  for (unsigned j = 0; j < count; ++j) {
    const std::size_t b = pos + j;
    if (b < Scalar::kBits) v |= ((k.v[b / 64] >> (b % 64)) & 1) << j;
  }
  return v;
}

/// Booth's signed digit of window i: bits w i - 1 ... w i + w - 1 of k (bit -1 = 0) give
/// d = (t >> 1) + (t & 1) - 2^w t_w; returns |d| and sets `negative` to all ones when
/// d < 0. Masks and arithmetic only (k is secret).
std::uint64_t booth_digit(const Scalar& k, std::size_t i, ct::Mask& negative) {
  constexpr unsigned w = detail::kBaseWindow;
  const std::uint64_t t = i == 0 ? bits_at(k, 0, w) << 1 : bits_at(k, w * i - 1, w + 1);
  negative = ct::mask_from_bit(t >> w);
  const std::uint64_t d = (t >> 1) + (t & 1) - ((t >> w) << w);  // mod 2^64
  return (d ^ negative) - negative;
}

/// How many of mul_base's windows, from the lowest, add by the Jacobian mixed formula
/// (8M + 3S instead of the complete formula's 11M + 2 m_3b + 3 m_a) for a group order
/// of `bits` bits. Before window i the accumulator is s G with s = sum_(j < i) d_j 2^(w j);
/// Booth's digits make s = (k mod 2^(w i)) - b 2^(w i) with b = bit w i - 1 of k, so
/// |s| <= 2^(w i - 1). The entry is d 2^(w i) G with 1 <= |d| <= 2^(w-1) (d = 0 adds
/// nothing). So s -+ d 2^(w i) is nonzero and below (2^(w-1) + 1) 2^(w i) < 2^(w i + w)
/// in size: while w i + w <= bits - 1, that is below n, so s G != +-(the entry), and
/// s G = O only when s = 0 (the start, or every digit so far 0), which a masked select
/// handles. For every scalar the windows read, not only those below n. The top window
/// stays complete, and the top two where bits is a multiple of w (P-192, P-384,
/// brainpoolP192 and P384).
constexpr std::size_t jacobian_windows(std::size_t bits) {
  constexpr std::size_t w = detail::kBaseWindow;
  return bits >= w + 1 ? (bits - 1 - w) / w + 1 : 0;
}
static_assert(detail::kBaseWindow != 6 ||
              (jacobian_windows(6) == 0 && jacobian_windows(7) == 1 && jacobian_windows(256) == 42 &&
               jacobian_windows(384) == 63 && jacobian_windows(521) == 86));

/// r = a where mask is all ones, for a Jacobian or a projective point.
template <class K, class Point>
void cmov_point(Point& r, const Point& a, ct::Mask mask) {
  K::cmov(r.X, a.X, mask);
  K::cmov(r.Y, a.Y, mask);
  K::cmov(r.Z, a.Z, mask);
}

template <class K>
AffinePoint signed_windows(const detail::CurveOps<K>& c, const Scalar& k) {
  using Fe = typename K::Fe;
  const K& f = c.f;
  using T = detail::WindowTable<Fe>;
  constexpr std::size_t N = K::limbs, kStride = T::kStride;
  const T& t = detail::window_table(c);
  const std::size_t windows = t.limbs.size() / (kStride * detail::kBaseEntries);
  const std::size_t low = std::min(jacobian_windows(c.curve->order_bits()), windows);
  detail::Jac<Fe> jac = detail::jac_infinity(c), jac_sum;
  detail::Proj<Fe> acc, sum;
  detail::Affine<Fe> entry;
  Fe minus_y, zz;
  mp::Limb sel[kStride];
  // entry = d_i 2^(w i) G for window i's digit d_i; returns all ones when d_i != 0 and
  // the entry is finite (else the window adds nothing).
  auto read_entry = [&](std::size_t i) {
    ct::Mask negative;
    const std::uint64_t d = booth_digit(k, i, negative);
    // sel = the table's |d|-th entry, index |d| - 1 (none when d = 0: the index wraps
    // past the table): every limb of every entry read.
    curve::select_rows(t.limbs.data() + i * kStride * detail::kBaseEntries, detail::kBaseEntries, kStride, d - 1, sel);
    std::copy(sel, sel + N, entry.x.begin());
    std::copy(sel + N, sel + 2 * N, entry.y.begin());
    f.neg(minus_y, entry.y);
    K::cmov(entry.y, minus_y, negative);
    return ct::Mask{sel[2 * N]};
  };
  for (std::size_t i = 0; i < low; ++i) {
    const ct::Mask finite = read_entry(i);
    detail::jac_add_mixed_distinct(c, jac_sum, jac, entry);
    cmov_point<K>(jac, jac_sum, finite);  // d = 0: jac unchanged
  }
  // Jacobian (X : Y : Z) is projective (X Z : Y : Z^3); O = (1 : 1 : 0) becomes (0 : 1 : 0).
  f.mul(acc.X, jac.X, jac.Z);
  acc.Y = jac.Y;
  f.sqr(zz, jac.Z);
  f.mul(acc.Z, zz, jac.Z);
  for (std::size_t i = low; i < windows; ++i) {
    const ct::Mask finite = read_entry(i);
    detail::add_mixed(c, sum, acc, entry);
    cmov_point<K>(acc, sum, finite);  // d = 0 (or an entry O): acc unchanged
  }
  const AffinePoint out = detail::to_affine(c, acc);
  ScopedWipe wipe(jac, jac_sum, acc, sum, entry, minus_y, zz, sel);
  return out;
}

}  // namespace

detail::BaseTable& Curve::base_table() const { return *base_; }

AffinePoint mul_base(const Curve& c, const Scalar& k) {
  // Booth's top digit must come out non-negative: one bit less than the windows hold.
  detail::require_scalar_width(k, detail::kBaseWindow * detail::base_windows(c.order_bits()) - 1, "ecp::mul_base");
  return detail::with_curve_ops(c, [&](const auto& ops) { return signed_windows(ops, k); });
}

AffinePoint mul_base_comb(const Curve& c, const Scalar& k) {
  const std::size_t teeth = detail::kCombTeeth * detail::kCombTables;
  detail::require_scalar_width(k, teeth * ((c.order_bits() + teeth - 1) / teeth), "ecp::mul_base_comb");
  return detail::with_curve_ops(c, [&](const auto& ops) { return comb(ops, k); });
}

}  // namespace dstu::ecp
