// Fuzz target: CMS SignedData as pkix::read_signed_data reads it (DER and PEM). Whatever
// the input, it returns the SignedData or throws dstu::Error; a SignedData that reads must
// read the same from its own DER, and each signer's verification over its own content
// (the eContent, or nothing when detached) must return a verdict, never throw.
#include <cstdint>
#include <span>

#include "dstu/base/error.hpp"
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
  for (std::size_t i = 0; i < sd.signers.size(); ++i) (void)pkix::verify_signer(sd, i, content);
  return 0;
}
