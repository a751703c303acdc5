// Fuzz target: key files as pkix::read_key_file reads them (DER and PEM: PrivateKeyInfo
// under both DSTU 4145 OIDs and layouts, SubjectPublicKeyInfo, PKCS#1 RSA keys,
// EncryptedPrivateKeyInfo opened with a fixed passphrase when its iteration count is
// small), and the DSTU 4145 decoders alone. A key that decodes must encode and decode to
// the same key, and a key file that reads must read the same after it is written again.
#include <cstdint>
#include <variant>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_file.hpp"

namespace d4 = dstu::dstu4145;
namespace pkix = dstu::pkix;

namespace {

/// "pass", for stores of at most 16 PBKDF2 rounds (the others are refused before it is
/// asked, so that an input costs microseconds).
class FixedPassphrase final : public pkix::PassphraseSource {
 public:
  dstu::SecureBytes passphrase(const pkix::Pbes2Info& parameters) override {
    if (parameters.iterations > 16) throw dstu::Error(dstu::Errc::unsupported, "slow store");
    return {'p', 'a', 's', 's'};
  }
};

/// The key as a clear PEM key file.
dstu::SecureBytes written(const pkix::AnyKey& key) {
  if (pkix::is_private(key)) return pkix::encode_private_key_file(pkix::private_key(key), pkix::KeyFileEncoding::pem);
  const dstu::Bytes b = pkix::encode_public_key_file(pkix::public_key(key), pkix::KeyFileEncoding::pem);
  return {b.begin(), b.end()};
}

bool same_key(const pkix::AnyKey& a, const pkix::AnyKey& b) {
  if (a.index() != b.index()) return false;
  return pkix::key_id(pkix::public_key(a)) == pkix::key_id(pkix::public_key(b));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> der(data, size);
  try {
    const d4::PrivateKey key = pkix::decode_dstu4145_pkcs8(der);
    const d4::PrivateKey back = pkix::decode_dstu4145_pkcs8(pkix::encode_pkcs8(key));
    if (dstu::ec2m::scalar_to_nat(back.d()) != dstu::ec2m::scalar_to_nat(key.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const d4::PublicKey pub = pkix::decode_dstu4145_spki(der);
    const d4::PublicKey back = pkix::decode_dstu4145_spki(pkix::encode_spki(pub));
    if (!dstu::ec2m::same_point(*pub.curve, pub.q, back.q)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  if (pkix::is_encrypted_private_key(der)) {
    try {
      if (pkix::pbes2_info(der).iterations <= 16) {
        static const std::uint8_t pass[] = {'p', 'a', 's', 's'};
        (void)pkix::decrypt_private_key_info(der, pass);
      }
    } catch (const dstu::Error&) {
    }
  }
  FixedPassphrase passphrase;
  try {
    const pkix::KeyFile file = pkix::read_key_file(der, &passphrase);
    if (!same_key(pkix::read_key_file(written(file.key), nullptr).key, file.key)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  return 0;
}
