// k G by the fixed-base comb of comb.hpp, constant time in k: every column's digits
// select a table entry by a masked scan of the whole table, one complete addition each.
#include "comb.hpp"

#include "dstu/base/wipe.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

template <class K>
AffinePoint comb(const detail::CurveOps<K>& c, const Scalar& k) {
  using Fe = typename K::Fe;
  const detail::GTables<Fe>& t = detail::g_tables(c);
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
      detail::select(entry, t.comb.data() + std::size_t{detail::kCombSize} * s, detail::kCombSize, digit);
      detail::add(c, acc, acc, entry);
    }
  }
  const AffinePoint out = detail::to_affine(c, acc);
  ScopedWipe wipe(acc, entry);
  return out;
}

}  // namespace

detail::BaseTable& Curve::base_table() const { return *base_; }

AffinePoint mul_base(const Curve& c, const Scalar& k) {
  return detail::with_curve_ops(c, [&](const auto& ops) { return comb(ops, k); });
}

}  // namespace dstu::ecp
