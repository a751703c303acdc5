// Fuzz target: CMS SignedData as pkix::read_signed_data reads it (DER and PEM). Whatever
// the input, it returns the SignedData or throws dstu::Error; a SignedData that reads must
// read the same from its own DER, and each signer's verification over its own content
// (the eContent, or nothing when detached) must return a verdict, never throw. Read through
// a CertificateCache it is the same, and verify_signer's verdict is prepare_signer's with
// its pending curve check run, then finish_signer (the batch path of `dstu verify`).
#include <cstdint>
#include <span>
#include <utility>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/pkix/cms.hpp"

namespace pkix = dstu::pkix;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pkix::SignedData sd;
  try {
    sd = pkix::read_signed_data(std::span<const std::uint8_t>(data, size));
  } catch (const dstu::Error&) {
    return 0;
  }
  const pkix::SignedData again = pkix::read_signed_data(sd.der);
  if (again.signers.size() != sd.signers.size() || again.certificates.size() != sd.certificates.size() ||
      again.content != sd.content) {
    __builtin_trap();
  }
  const std::span<const std::uint8_t> content =
      sd.content ? std::span<const std::uint8_t>(*sd.content) : std::span<const std::uint8_t>();
  pkix::CertificateCache cache;
  const pkix::SignedData cached = pkix::read_signed_data(sd.der, &cache);
  if (cached.certificates.size() != sd.certificates.size()) __builtin_trap();
  for (std::size_t i = 0; i < sd.signers.size(); ++i) {
    const pkix::SignerVerdict direct = pkix::verify_signer(sd, i, content);
    pkix::PreparedSigner p = pkix::prepare_signer(cached, i, content, nullptr, &cache);
    bool valid = false;
    if (p.pending()) valid = dstu::dstu4145::verify_digest(*p.key(), p.signature->digest, p.signature->signature, 1);
    const pkix::SignerVerdict batched = pkix::finish_signer(std::move(p), valid);
    if (batched.verdict != direct.verdict || batched.reason != direct.reason) __builtin_trap();
  }
  return 0;
}
