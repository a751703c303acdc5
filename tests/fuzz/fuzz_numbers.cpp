// Fuzz target: the numbers of `dstu primegen --check` (decimal or 0x hex): what parses
// prints back and parses to the same number.
#include <cstdint>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/mp/nat.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const dstu::mp::Nat n = dstu::mp::Nat::parse(text);
    if (dstu::mp::Nat::parse(n.to_dec()) != n) __builtin_trap();
    if (dstu::mp::Nat::parse("0x" + n.to_hex()) != n) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  return 0;
}
