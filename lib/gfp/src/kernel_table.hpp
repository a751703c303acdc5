// The run-time table of gfp::Field's kernels (kernels.hpp's fixed-width ones), kept in a
// file of its own so that a fuzzing build can leave the kernels it instantiates without
// coverage counters while field.cpp's decoding keeps them (tests/fuzz/coverage-ignorelist.txt).
#pragma once

#include <cstddef>

#include "dstu/gfp/field.hpp"

namespace dstu::gfp::detail {

/// The entries for one number of limbs and form: the portable product and square, the
/// BMI2 + ADX ones (the portable ones where none exist), the addition and the subtraction.
struct KernelTable {
  MulFn mul_portable, mul_adx;
  SqrFn sqr_portable, sqr_adx;
  AddFn add, sub;
};

/// The kernels for a prime of n limbs (1 ... kMaxLimbs) in the given form.
KernelTable kernel_table(std::size_t n, Form form);

}  // namespace dstu::gfp::detail
