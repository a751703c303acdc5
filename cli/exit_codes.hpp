// The exit status of every dstu command, in one place.
#pragma once

namespace dstu::cli {

inline constexpr int kExitOk = 0;        ///< success; every answer positive
inline constexpr int kExitNegative = 1;  ///< a negative answer: composite, invalid signature
inline constexpr int kExitError = 2;     ///< usage, input or I/O error

}  // namespace dstu::cli
