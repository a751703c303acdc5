// Internal: the textual parameters of the ten DSTU 4145 named curves and of the ten
// NIST binary curves (FIPS 186-4 Appendix D.1.3).
#pragma once

#include <array>
#include <cstddef>

#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m::detail {

/// DSTU 4145-2002 recommends ten curves in polynomial basis (Annex Г, Table Г.1).
inline constexpr std::size_t kNamedCurves = 10;

const std::array<CurveSpec, kNamedCurves>& named_curve_specs();

/// FIPS 186-4 Appendix D.1.3 recommends ten binary curves: B-163 ... B-571 and
/// K-163 ... K-571.
inline constexpr std::size_t kNistCurves = 10;

/// In the order of Curve::all_nist(): B-163, B-233, B-283, B-409, B-571, K-163, ...,
/// K-571 (nist_curves.cpp).
const std::array<CurveSpec, kNistCurves>& nist_curve_specs();

}  // namespace dstu::ec2m::detail
