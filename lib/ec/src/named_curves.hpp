// Internal: the textual parameters of the ten DSTU 4145 named curves.
#pragma once

#include <array>

#include "dstu/ec/curve.hpp"

namespace dstu::ec::detail {

const std::array<CurveSpec, 10>& named_curve_specs();

}  // namespace dstu::ec::detail
