// The field operations as a uniform list, for the benchmark perf_gf2m beside it: every
// entry computes r = op(a, b) on one field through the same entry points applications
// use (unary operations ignore b; trace writes its bit to r). The CPU path is whatever
// cpu::active() allows when run() is called.
#pragma once

#include <span>

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m {

/// One benchmarkable operation.
struct Operation {
  const char* name;    ///< "mul", "sqr", "inv", "inv_vartime", "sqrt", ...
  bool constant_time;  ///< false for the _vartime ones
  bool parallel;       ///< the parallel variants (parallel::available() threads)
  void (*run)(const Field& f, Element& r, const Element& a, const Element& b);
};

/// mul, sqr, inv, inv_vartime, sqrt, trace, half_trace, mul_parallel, sqr_parallel.
std::span<const Operation> operations();

}  // namespace dstu::gf2m
