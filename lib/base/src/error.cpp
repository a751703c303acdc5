#include "dstu/base/error.hpp"

namespace dstu {

void throw_invalid(const std::string& message) { throw Error(Errc::invalid_input, message); }

void throw_io(const std::string& message) { throw Error(Errc::io, message); }

}  // namespace dstu
