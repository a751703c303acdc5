// Internal: the y of a point from its x, shared by DSTU 4145's decompression (§6.10,
// compress.cpp) and SEC 1's (§2.3.4 step 2.4.3, sec1.cpp), which differ only in the bit
// that picks one of the two roots.
#pragma once

#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m::detail {

/// z with z^2 + z = x + A + B x^-2 for x != 0: y = x z is a point of the curve with this
/// x, and so is y = x (z + 1). False where no point has this x (Tr(x + A + B/x^2) = 1).
/// Public x: variable time.
bool y_over_x_vartime(const Curve& c, const Element& x, Element& z);

}  // namespace dstu::ec2m::detail
