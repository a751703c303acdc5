// Fuzz target: PEM armor and Base64 (key and signature files). Decoded blocks must
// encode back to armor that decodes to the same block, and the secret forms (private
// keys) must agree with the plain ones on every input: the same block or the same
// refusal. A block that decodes but whose re-encoding does not is a failure too.
#include <cstdint>
#include <optional>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)dstu::pem::looks_armored({data, size});
  std::optional<dstu::pem::Block> plain;
  try {
    const dstu::pem::Block b = dstu::pem::decode(text);
    const dstu::pem::Block again = dstu::pem::decode(dstu::pem::encode(b));
    if (again.label != b.label || again.data != b.data || again.headers != b.headers) __builtin_trap();
    plain = b;
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::pem::SecretBlock s = dstu::pem::decode_secret(text);
    if (!plain || s.label != plain->label || s.headers != plain->headers) __builtin_trap();
    if (dstu::Bytes(s.data.begin(), s.data.end()) != plain->data) __builtin_trap();
    const dstu::SecureBytes armored = dstu::pem::encode_secret(s.label, s.data);
    if (std::string(armored.begin(), armored.end()) != dstu::pem::encode({s.label, {}, plain->data})) __builtin_trap();
  } catch (const dstu::Error&) {
    if (plain) __builtin_trap();
  }
  std::optional<dstu::Bytes> raw;
  try {
    raw = dstu::pem::base64_decode(text);
    if (dstu::pem::base64_decode(dstu::pem::base64_encode(*raw)) != *raw) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::SecureBytes secret = dstu::pem::base64_decode_secret(text);
    if (!raw || dstu::Bytes(secret.begin(), secret.end()) != *raw) __builtin_trap();
  } catch (const dstu::Error&) {
    if (raw) __builtin_trap();
  }
  return 0;
}
