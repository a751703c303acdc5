// Fuzz target: X.509 certificates as pkix::read_certificate reads them (DER and PEM).
// Whatever the input, the reader returns a certificate or throws dstu::Error; a
// certificate that reads must read the same from its own DER, and its signature check
// under its own key (when the key decoded) must return a verdict, never throw.
#include <cstdint>
#include <span>

#include "dstu/base/error.hpp"
#include "dstu/pkix/certificate.hpp"

namespace pkix = dstu::pkix;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, size);
  try {
    const pkix::Certificate cert = pkix::read_certificate(input);
    const pkix::Certificate again = pkix::read_certificate(cert.der);
    if (again.tbs != cert.tbs || again.signature != cert.signature || again.extensions.size() != cert.extensions.size()) {
      __builtin_trap();
    }
    (void)pkix::to_string(cert.subject);
    (void)pkix::ukrainian_key_id(cert);
    if (cert.public_key) (void)pkix::verify_signature(cert, *cert.public_key);
  } catch (const dstu::Error&) {
  }
  return 0;
}
