// Fuzz target: PEM armor and Base64 (key and signature files). Decoded blocks must
// encode back to armor that decodes to the same block.
#include <cstdint>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)dstu::pem::looks_armored({data, size});
  try {
    const dstu::pem::Block b = dstu::pem::decode(text);
    const dstu::pem::Block again = dstu::pem::decode(dstu::pem::encode(b));
    if (again.label != b.label || again.data != b.data || again.headers != b.headers) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::Bytes raw = dstu::pem::base64_decode(text);
    if (dstu::pem::base64_decode(dstu::pem::base64_encode(raw)) != raw) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  return 0;
}
