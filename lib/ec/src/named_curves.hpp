// Internal: the textual parameters of the ten DSTU 4145 named curves.
#pragma once

#include <array>
#include <cstddef>

#include "dstu/ec/curve.hpp"

namespace dstu::ec::detail {

/// DSTU 4145 names ten curves (spec-digest §1.2).
inline constexpr std::size_t kNamedCurves = 10;

const std::array<CurveSpec, kNamedCurves>& named_curve_specs();

}  // namespace dstu::ec::detail
