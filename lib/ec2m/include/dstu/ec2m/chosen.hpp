// dstu::ec2m — the single-operation splits of the paper on parallel algorithms for DSTU
// 4145-2002 on multi-core CPUs, chosen per process by measuring them against their
// sequential twins (dstu/parallel/choice.hpp): the default path of signing and
// verification.
//
// One choice per kind of operation and field degree m: the first 32 calls run the
// twin, the next 30 alternate the two forms, and the split form is kept only if its
// median is 5 % below the twin's on this machine, at this size, under the load of the
// moment. The forms give identical results, so the choice changes speed only.
#pragma once

#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/choice.hpp"

namespace dstu::ec2m {

/// k G: mul_base_parallel over `threads` or mul_base, as measured. Constant time in k
/// (both forms are; the choice depends on timings of constant-time code only).
AffinePoint mul_base_chosen(const Curve& c, const Scalar& k, int threads);

/// s G + r Q: mul_double_parallel_vartime over `threads` or mul_double_vartime, as
/// measured. Variable time: public scalars and points only.
AffinePoint mul_double_chosen_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                      int threads);

/// The operations that have a choice.
enum class ChosenOp { mul_base, mul_double };

/// The state of the choice for `op` on fields of degree m (a copy), for reports.
parallel::Calibration chosen_state(ChosenOp op, int m);

}  // namespace dstu::ec2m
