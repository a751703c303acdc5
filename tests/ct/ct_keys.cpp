// Constant-time cases for key files: a clear private key decoded with d's octets
// marked secret; a PEM private key whose Base64 body is secret; a protected key opened
// with a secret passphrase (PBKDF2, HMAC, GOST 28147 CFB, then the parse of the
// PrivateKeyInfo with only d secret).
#include <string>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/encrypted_key.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/rng/random.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
namespace d4 = dstu::dstu4145;

d4::PrivateKey test_key() {
  dstu::rng::ChaCha20Drbg rng(31, 31);
  return d4::generate_key(dstu::ec2m::Curve::named("dstu257"), rng);
}

bool same_d(const d4::PrivateKey& a, const d4::PrivateKey& b) {
  dstu::ec2m::Scalar x = a.d(), y = b.d();
  unpoison(&x, sizeof x);
  unpoison(&y, sizeof y);
  return dstu::ec2m::scalar_to_nat(x) == dstu::ec2m::scalar_to_nat(y);
}

/// The privateKey OCTET STRING's content within a PrivateKeyInfo (public structure).
std::span<const std::uint8_t> d_octets(std::span<const std::uint8_t> der) {
  dstu::der::Reader top(der);
  dstu::der::Reader info = top.enter(dstu::der::kSequence, "PrivateKeyInfo");
  (void)info.small_integer("version");
  (void)info.expect(dstu::der::kSequence, "algorithm");
  return info.expect(dstu::der::kOctetString, "privateKey").content;
}

bool decode_clear_key() {
  const d4::PrivateKey key = test_key();
  for (const auto form : {d4::PrivateKeyForm::uapki, d4::PrivateKeyForm::bouncycastle}) {
    const dstu::SecureBytes der = d4::encode_private_key(key, form);
    const auto d = d_octets(der);
    if (form == d4::PrivateKeyForm::uapki) {
      poison(d.data(), d.size());
    } else {
      // Under the BE OID the octets hold an ECPrivateKey: its tags are public, d is the
      // inner OCTET STRING's content (the last 32 octets here).
      poison(d.data() + d.size() - 32, 32);
    }
    const d4::PrivateKey back = d4::decode_private_key(der);
    if (!same_d(key, back)) return false;
  }
  return true;
}

bool pem_private_key() {
  const d4::PrivateKey key = test_key();
  const dstu::SecureBytes der = d4::encode_private_key(key);
  const dstu::SecureBytes armored = dstu::pem::encode_secret("PRIVATE KEY", der);
  std::string text(armored.begin(), armored.end());
  // The Base64 body is secret; the armor lines are not.
  const std::size_t body = text.find('\n') + 1, end = text.find("-----END");
  poison(text.data() + body, end - body);
  const dstu::pem::SecretBlock block = dstu::pem::decode_secret(text);
  dstu::SecureBytes out = block.data;
  unpoison(out.data(), out.size());
  return out == der;
}

/// Writing a key file: d secret from the scalar to the PEM text (DER writer, Base64).
bool encode_private_key_file() {
  const d4::PrivateKey key = test_key();
  const dstu::SecureBytes want = dstu::pem::encode_secret("PRIVATE KEY", d4::encode_private_key(key));
  dstu::ec2m::Scalar d = key.d();
  poison(&d, sizeof d);
  const d4::PrivateKey secret(key.curve(), d, key.dke());
  for (const auto form : {d4::PrivateKeyForm::uapki, d4::PrivateKeyForm::bouncycastle}) {
    dstu::SecureBytes der = d4::encode_private_key(secret, form);
    dstu::SecureBytes text = dstu::pem::encode_secret("PRIVATE KEY", der);
    unpoison(text.data(), text.size());
    if (form == d4::PrivateKeyForm::uapki && text != want) return false;
  }
  return true;
}

bool open_protected_key() {
  const d4::PrivateKey key = test_key();
  const dstu::SecureBytes der = d4::encode_private_key(key);
  dstu::rng::ChaCha20Drbg rng(32, 32);
  std::string pass = "a secret passphrase";
  const dstu::Bytes store =
      d4::encrypt_private_key_info(der, {reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size()}, 3, rng);
  poison(pass.data(), pass.size());
  const dstu::SecureBytes clear =
      d4::decrypt_private_key_info(store, {reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size()});
  const d4::PrivateKey back = d4::decode_private_key(clear);
  return same_d(key, back);
}

dstu::ct_check::Register r1("dstu4145: decode a clear private key (d secret)", decode_clear_key);
dstu::ct_check::Register r2("base: PEM private key (Base64 body secret)", pem_private_key);
dstu::ct_check::Register r3("dstu4145: open a protected key (passphrase secret)", open_protected_key);
dstu::ct_check::Register r4("dstu4145: write a private key file (d secret)", encode_private_key_file);

}  // namespace
