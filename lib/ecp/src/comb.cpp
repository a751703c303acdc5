// The fixed-base comb (comb.hpp) and mul_base on it.
#include "comb.hpp"

#include "dstu/base/wipe.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {

namespace {

/// The affine forms of points (public) with one inversion: Montgomery's trick (prefix
/// products of the Z, one inverse, then each 1/Z from its neighbours). A point at
/// infinity (Z = 0: an odd multiple of G past the order of a tiny curve) stays O and
/// takes Z = 1 in the products.
std::vector<AffinePoint> to_affine_batch_vartime(const Curve& c, const std::vector<detail::Proj>& pts) {
  const gfp::Field& f = c.field();
  std::vector<gfp::Element> z(pts.size()), prefix(pts.size());
  gfp::Element acc = f.one();
  for (std::size_t i = 0; i < pts.size(); ++i) {
    z[i] = f.is_zero(pts[i].Z) ? f.one() : pts[i].Z;
    f.mul(acc, acc, z[i]);
    prefix[i] = acc;
  }
  gfp::Element inv;
  f.inv(inv, acc);
  std::vector<AffinePoint> out(pts.size());
  for (std::size_t i = pts.size(); i-- > 0;) {
    gfp::Element zi = inv;
    if (i > 0) {
      f.mul(zi, inv, prefix[i - 1]);
      f.mul(inv, inv, z[i]);
    }
    if (f.is_zero(pts[i].Z)) {
      out[i] = AffinePoint::at_infinity();
      continue;
    }
    f.mul(out[i].x, pts[i].X, zi);
    f.mul(out[i].y, pts[i].Y, zi);
  }
  return out;
}

}  // namespace

const detail::BaseTable& Curve::base_table() const {
  detail::BaseTable& bt = *base_;
  std::call_once(bt.once, [&] {
    using detail::kCombSize;
    using detail::kCombTables;
    using detail::kCombTeeth;
    using detail::Proj;
    const std::size_t d = (order_bits() + kCombTeeth * kCombTables - 1) / (kCombTeeth * kCombTables);
    // teeth[j v + s] = 2^(j v d + s d) G: one chain of doublings, d at a time.
    Proj teeth[kCombTeeth * kCombTables];
    teeth[0] = detail::from_affine(*this, generator());
    for (int j = 1; j < kCombTeeth * kCombTables; ++j) {
      teeth[j] = teeth[j - 1];
      for (std::size_t s = 0; s < d; ++s) detail::dbl(*this, teeth[j], teeth[j]);
    }
    std::vector<Proj> table(std::size_t{kCombTables} * kCombSize);
    for (int s = 0; s < kCombTables; ++s) {
      Proj* ts = table.data() + std::size_t{kCombSize} * s;
      ts[0] = detail::infinity(*this);
      for (int i = 1; i < kCombSize; ++i) {
        const int low = __builtin_ctz(static_cast<unsigned>(i));
        detail::add(*this, ts[i], ts[i & (i - 1)], teeth[low * kCombTables + s]);
      }
    }
    bt.columns = d;
    bt.table = std::move(table);
    bt.odd = to_affine_batch_vartime(*this, detail::odd_multiples(*this, detail::from_affine(*this, generator()),
                                                                   detail::kNafWindowG));
  });
  return bt;
}

AffinePoint mul_base(const Curve& c, const Scalar& k) {
  using detail::Proj;
  const detail::BaseTable& bt = c.base_table();
  const std::size_t d = bt.columns;
  Proj acc = detail::infinity(c), entry;
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
      detail::select(entry, bt.table.data() + std::size_t{detail::kCombSize} * s, detail::kCombSize, digit);
      detail::add(c, acc, acc, entry);
    }
  }
  const AffinePoint out = detail::to_affine(c, acc);
  ScopedWipe wipe(acc, entry);
  return out;
}

}  // namespace dstu::ecp
