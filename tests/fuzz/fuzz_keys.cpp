// Fuzz target: DER key files: PKCS#8 PrivateKeyInfo (both OIDs, both layouts),
// SubjectPublicKeyInfo, and EncryptedPrivateKeyInfo (PBES2) opened with a fixed
// passphrase when its iteration count is small. A key that decodes must encode and
// decode to the same key.
#include <cstdint>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/encrypted_key.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"

namespace d4 = dstu::dstu4145;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> der(data, size);
  try {
    const d4::PrivateKey key = d4::decode_private_key(der);
    const d4::PrivateKey back = d4::decode_private_key(d4::encode_private_key(key));
    if (dstu::ec2m::scalar_to_nat(back.d()) != dstu::ec2m::scalar_to_nat(key.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const d4::PublicKey pub = d4::decode_public_key(der);
    const d4::PublicKey back = d4::decode_public_key(d4::encode_public_key(pub));
    if (!dstu::ec2m::same_point(*pub.curve, pub.q, back.q)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  if (d4::is_encrypted_private_key(der)) {
    try {
      if (d4::pbes2_info(der).iterations <= 16) {
        static const std::uint8_t pass[] = {'p', 'a', 's', 's'};
        (void)d4::decrypt_private_key_info(der, pass);
      }
    } catch (const dstu::Error&) {
    }
  }
  return 0;
}
