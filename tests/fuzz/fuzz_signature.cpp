// Fuzz target: signature files as `dstu verify` reads them (armored, raw, raw-be, DER,
// DER-be) for one curve chosen by the first octet; a signature that decodes raw must
// encode back to the same octets.
#include <cstdint>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "key_files.hpp"

namespace d4 = dstu::dstu4145;
namespace cli = dstu::cli;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& curves = dstu::ec2m::Curve::all_named();
  const dstu::ec2m::Curve& c = *curves[data[0] % curves.size()];
  const dstu::Bytes file(data + 1, data + size);
  for (auto format : {cli::SignatureFormat::automatic, cli::SignatureFormat::raw, cli::SignatureFormat::raw_be,
                      cli::SignatureFormat::der, cli::SignatureFormat::der_be}) {
    try {
      (void)cli::parse_signature_file(file, "fuzz", c, format);
    } catch (const dstu::Error&) {
    }
  }
  try {
    const d4::Signature sig = d4::decode_signature(c, file);
    if (file.size() == 2 * d4::signature_half_bytes(c) && d4::encode_signature_le(c, sig) != file) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  return 0;
}
