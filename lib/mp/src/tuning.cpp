#include "dstu/mp/tuning.hpp"

namespace dstu::mp::tuning {

Thresholds& current() {
  static Thresholds t;
  return t;
}

}  // namespace dstu::mp::tuning
