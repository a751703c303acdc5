// k P by 4-bit fixed windows with a masked table scan and complete projective formulas
// (constant time in k and P), and P + Q; each a template on the field's kernels
// (curve_ops.hpp), dispatched once per call.
#include "dstu/ecp/scalar_mul.hpp"

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "projective.hpp"
#include "scalar_width.hpp"

namespace dstu::ecp {
namespace {

constexpr int kWindow = 4;
constexpr int kTable = 1 << kWindow;

/// The 4-bit digit of k at window j (bits 4j .. 4j + 3).
unsigned digit(const Scalar& k, std::size_t j) {
  const std::size_t bit = kWindow * j;
  return static_cast<unsigned>(k.v[bit / 64] >> (bit % 64)) & (kTable - 1);  // 64 is a multiple of 4
}

template <class K>
AffinePoint fixed_window(const detail::CurveOps<K>& c, const Scalar& k, const AffinePoint& p) {
  using P = detail::Proj<typename K::Fe>;
  // table[i] = i P, for i < 16.
  P table[kTable];
  table[0] = detail::infinity(c);
  table[1] = detail::from_affine(c, p);
  for (int i = 2; i < kTable; ++i) detail::add(c, table[i], table[i - 1], table[1]);  // complete: 1 + 1 too
  const std::size_t windows = (c.curve->order_bits() + kWindow - 1) / kWindow;
  P acc = detail::infinity(c), entry;
  for (std::size_t j = windows; j-- > 0;) {
    for (int s = 0; s < kWindow; ++s) detail::dbl(c, acc, acc);
    detail::select(entry, table, kTable, digit(k, j));
    detail::add(c, acc, acc, entry);
  }
  const AffinePoint out = detail::to_affine(c, acc);
  secure_wipe(table, sizeof table);
  ScopedWipe wipe(acc, entry);
  return out;
}

}  // namespace

AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p) {
  detail::require_scalar_width(k, kWindow * ((c.order_bits() + kWindow - 1) / kWindow), "ecp::mul");
  return detail::with_curve_ops(c, [&](const auto& ops) { return fixed_window(ops, k, p); });
}

AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  return detail::with_curve_ops(c, [&](const auto& ops) {
    detail::Proj<typename std::decay_t<decltype(ops)>::Fe> r;
    detail::add(ops, r, detail::from_affine(ops, p), detail::from_affine(ops, q));
    return detail::to_affine(ops, r);
  });
}

}  // namespace dstu::ecp
