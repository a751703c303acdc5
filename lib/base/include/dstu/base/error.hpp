// dstu::base — the one exception type of the library.
//
// Library code throws dstu::Error for bad input, I/O failures and unsupported
// requests; arithmetic kernels never throw. The CLI maps every Error to exit 2.
#pragma once

#include <stdexcept>
#include <string>

namespace dstu {

/// What kind of failure an Error reports.
enum class Errc {
  invalid_input,  ///< malformed or out-of-range data supplied by the caller
  io,             ///< a file or device operation failed
  unsupported,    ///< a valid request this build cannot serve
};

/// The library's exception: a kind plus a one-line, human-readable message.
class Error : public std::runtime_error {
 public:
  Error(Errc code, const std::string& message) : std::runtime_error(message), code_(code) {}
  Errc code() const noexcept { return code_; }

 private:
  Errc code_;
};

/// Throws Error(Errc::invalid_input, message).
[[noreturn]] void throw_invalid(const std::string& message);

/// Throws Error(Errc::io, message).
[[noreturn]] void throw_io(const std::string& message);

}  // namespace dstu
