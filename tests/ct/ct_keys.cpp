// Constant-time cases for key files (lib/pkix): a clear private key decoded with d's
// octets marked secret, alone and through the one key file reader (DSTU 4145 in both
// layouts, ECDSA PKCS#8 and SEC 1); a PEM private key whose Base64 body is secret; a
// protected key opened with a secret passphrase (PBKDF2, HMAC, GOST 28147 CFB, then the
// parse of the PrivateKeyInfo with only d secret).
#include <algorithm>
#include <string>
#include <variant>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
namespace d4 = dstu::dstu4145;
namespace pkix = dstu::pkix;

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

/// Poisons d's octets in a DSTU 4145 PrivateKeyInfo: under the LE OID the privateKey
/// octets, under the BE OID the last 32 of them (the ECPrivateKey's inner OCTET STRING,
/// its tags public).
void poison_dstu_d(std::span<const std::uint8_t> der, pkix::Dstu4145Form form) {
  const auto d = d_octets(der);
  if (form == pkix::Dstu4145Form::uapki) {
    poison(d.data(), d.size());
  } else {
    poison(d.data() + d.size() - 32, 32);
  }
}

bool decode_clear_key() {
  const d4::PrivateKey key = test_key();
  for (const auto form : {pkix::Dstu4145Form::uapki, pkix::Dstu4145Form::bouncycastle}) {
    const dstu::SecureBytes der = pkix::encode_pkcs8(key, form);
    poison_dstu_d(der, form);
    const d4::PrivateKey back = pkix::decode_dstu4145_pkcs8(der);
    if (!same_d(key, back)) return false;
  }
  return true;
}

/// The DER key files of each kind through pkix::read_key_file, d secret: the structure
/// and algorithm are read from public tags only.
bool read_clear_key_files() {
  const d4::PrivateKey key = test_key();
  for (const auto form : {pkix::Dstu4145Form::uapki, pkix::Dstu4145Form::bouncycastle}) {
    const dstu::SecureBytes der = pkix::encode_pkcs8(key, form);
    poison_dstu_d(der, form);
    const pkix::KeyFile file = pkix::read_key_file(der, nullptr);
    if (file.encrypted || !same_d(key, std::get<d4::PrivateKey>(file.key))) return false;
  }
  dstu::rng::ChaCha20Drbg rng(33, 33);
  const dstu::ecdsa::Group& p256 = dstu::ecdsa::Group::named("P-256");
  const dstu::ecdsa::SchemeKey ec{dstu::ecdsa::Scheme::ecdsa, dstu::ecdsa::PrivateKey::generate(p256, rng)};
  // In the PKCS#8 and in the SEC 1 key, d is the OCTET STRING after "02 01 01 04 20"
  // inside the ECPrivateKey.
  for (const dstu::SecureBytes& der : {pkix::encode_pkcs8(ec), pkix::encode_sec1(ec.key)}) {
    const std::uint8_t prefix[] = {0x02, 0x01, 0x01, 0x04, 0x20};
    const auto at = std::search(der.begin(), der.end(), std::begin(prefix), std::end(prefix));
    if (at == der.end()) return false;
    poison(&*at + sizeof prefix, 32);
    const pkix::KeyFile file = pkix::read_key_file(der, nullptr);
    dstu::ecdsa::Scalar got = std::get<dstu::ecdsa::SchemeKey>(file.key).key.d();
    unpoison(&got, sizeof got);
    if (!dstu::mp::ct_eq(got, ec.key.d())) return false;
  }
  return true;
}

bool pem_private_key() {
  const d4::PrivateKey key = test_key();
  const dstu::SecureBytes der = pkix::encode_pkcs8(key);
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
  const dstu::SecureBytes want = dstu::pem::encode_secret("PRIVATE KEY", pkix::encode_pkcs8(key));
  dstu::ec2m::Scalar d = key.d();
  poison(&d, sizeof d);
  const d4::PrivateKey secret(key.curve(), d, key.dke());
  for (const auto form : {pkix::Dstu4145Form::uapki, pkix::Dstu4145Form::bouncycastle}) {
    dstu::SecureBytes der = pkix::encode_pkcs8(secret, form);
    dstu::SecureBytes text = dstu::pem::encode_secret("PRIVATE KEY", der);
    unpoison(text.data(), text.size());
    if (form == pkix::Dstu4145Form::uapki && text != want) return false;
  }
  return true;
}

bool open_protected_key() {
  const d4::PrivateKey key = test_key();
  const dstu::SecureBytes der = pkix::encode_pkcs8(key);
  dstu::rng::ChaCha20Drbg rng(32, 32);
  std::string pass = "a secret passphrase";
  const dstu::Bytes store =
      pkix::encrypt_private_key_info(der, {reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size()}, 3, rng);
  poison(pass.data(), pass.size());
  const dstu::SecureBytes clear =
      pkix::decrypt_private_key_info(store, {reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size()});
  const d4::PrivateKey back = pkix::decode_dstu4145_pkcs8(clear);
  return same_d(key, back);
}

dstu::ct_check::Register r1("pkix: decode a clear DSTU 4145 private key (d secret)", decode_clear_key);
dstu::ct_check::Register r2("base: PEM private key (Base64 body secret)", pem_private_key);
dstu::ct_check::Register r3("pkix: open a protected key (passphrase secret)", open_protected_key);
dstu::ct_check::Register r4("pkix: write a DSTU 4145 private key file (d secret)", encode_private_key_file);
dstu::ct_check::Register r5("pkix: read clear DER key files of each kind (d secret)", read_clear_key_files);

}  // namespace
