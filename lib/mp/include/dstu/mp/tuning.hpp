// dstu::mp::tuning — the size thresholds behind the automatic algorithm choices.
//
// Exposed so that tests/perf/mp_tune can measure the crossovers by moving them; the
// library reads them on every call (one load), everyone else leaves them alone.
#pragma once

#include <cstddef>

namespace dstu::mp::tuning {

struct Thresholds {
  /// From this many limbs, hardware addmul_1 rows beat Comba columns (mulx/adx only).
  std::size_t rows_mul = 8;
  /// The same for squaring.
  std::size_t rows_sqr = 20;
  /// Operands of at least this many limbs are multiplied by Karatsuba.
  std::size_t karatsuba_mul = 72;
  /// Operands of at least this many limbs are squared by Karatsuba.
  std::size_t karatsuba_sqr = 128;
  /// From this many limbs, a product on a free team of >= 2 threads uses Comba Mx;
  /// 0 = never (it never beat the best sequential product in tests/perf/mp_tune).
  std::size_t comba_mx = 0;
};

/// The thresholds in force; writable only for measuring (not thread-safe).
Thresholds& current();

}  // namespace dstu::mp::tuning
