#include "dstu/ec2m/chosen.hpp"

#include <algorithm>

namespace dstu::ec2m {
namespace {

constexpr std::size_t kMaxDegree = 1024;  // larger fields share one choice per operation

/// The choice of `op` for fields of degree m. Never destroyed: used until the last
/// thread ends.
parallel::SplitChoice& choice(ChosenOp op, int m) {
  static auto* table = new parallel::ChoiceTable<2 * kMaxDegree>;
  const std::size_t degree = std::min(static_cast<std::size_t>(m), kMaxDegree - 1);
  return table->of(2 * degree + (op == ChosenOp::mul_double ? 1 : 0));
}

}  // namespace

AffinePoint mul_base_chosen(const Curve& c, const Scalar& k, int threads) {
  return choice(ChosenOp::mul_base, c.m()).run(
      threads, [&] { return mul_base(c, k); }, [&] { return mul_base_parallel(c, k, threads); });
}

AffinePoint mul_double_chosen_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                      int threads) {
  return choice(ChosenOp::mul_double, c.m()).run(
      threads, [&] { return mul_double_vartime(c, s, r, q); },
      [&] { return mul_double_parallel_vartime(c, s, r, q, threads); });
}

parallel::Calibration chosen_state(ChosenOp op, int m) { return choice(op, m).snapshot(); }

}  // namespace dstu::ec2m
