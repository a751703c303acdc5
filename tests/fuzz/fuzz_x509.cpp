// Fuzz target: X.509 certificates, CRLs and bundles as pkix::read_certificate, read_crl
// and read_bundle read them (DER and PEM). Whatever the input, each reader returns its
// value or throws dstu::Error; a certificate or CRL that reads must read the same from
// its own DER, and its signature check under a key (its own, or the bundle's first
// certificate's) must return a verdict, never throw. pkix::file_kind, which routes every
// PKI file of the CLI, must name a kind without throwing.
#include <cstdint>
#include <span>

#include "dstu/base/error.hpp"
#include "dstu/pkix/bundle.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/crl.hpp"
#include "dstu/pkix/file_kind.hpp"

namespace pkix = dstu::pkix;

namespace {

void certificate(std::span<const std::uint8_t> input) {
  const pkix::Certificate cert = pkix::read_certificate(input);
  const pkix::Certificate again = pkix::read_certificate(cert.der);
  if (again.tbs != cert.tbs || again.signature != cert.signature || again.extensions.size() != cert.extensions.size()) {
    __builtin_trap();
  }
  (void)pkix::to_string(cert.subject);
  (void)pkix::ukrainian_key_id(cert);
  if (cert.public_key) (void)pkix::verify_signature(cert, *cert.public_key);
}

void crl(std::span<const std::uint8_t> input) {
  const pkix::Crl list = pkix::read_crl(input);
  const pkix::Crl again = pkix::read_crl(list.der);
  if (again.tbs != list.tbs || again.revoked.size() != list.revoked.size()) __builtin_trap();
  (void)pkix::to_string(list.issuer);
}

void bundle(std::span<const std::uint8_t> input) {
  const pkix::Bundle b = pkix::read_bundle(input);
  if (b.certificates.empty() || !b.certificates[0].public_key) return;
  for (const pkix::Crl& list : b.crls) (void)pkix::verify_signature(list, *b.certificates[0].public_key);
}

template <class F>
void guarded(F f, std::span<const std::uint8_t> input) {
  try {
    f(input);
  } catch (const dstu::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, size);
  const pkix::FileKind kind = pkix::file_kind(input);
  (void)pkix::file_kind_name(kind);
  guarded(certificate, input);
  guarded(crl, input);
  guarded(bundle, input);
  return 0;
}
