// kSanitized: true in a build with AddressSanitizer and UndefinedBehaviorSanitizer
// (-DDSTU_SANITIZE=ON, CI's second stage). A few tests repeat one check over thousands of
// inputs to reach rare values; under the sanitizers that costs minutes and finds no memory
// error that the first inputs through the same code do not. They take fewer inputs there,
// each saying which; every other build runs them all.
#pragma once

namespace dstu::test {

#ifdef DSTU_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace dstu::test
