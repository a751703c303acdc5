// Named-curve records (record.hpp).
#include "dstu/curve/record.hpp"

#include <algorithm>

namespace dstu::curve {

const char* family_name(Family family) {
  switch (family) {
    case Family::custom: return "custom";
    case Family::dstu4145: return "dstu4145";
    case Family::nist: return "nist";
    case Family::brainpool: return "brainpool";
    case Family::nist_binary: return "nist-binary";
    case Family::nist_koblitz: return "nist-koblitz";
  }
  return "custom";
}

bool CurveRecord::matches(std::string_view key) const {
  return name == key || oid == key || std::find(aliases.begin(), aliases.end(), key) != aliases.end();
}

}  // namespace dstu::curve
