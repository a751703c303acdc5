// Key files: the one reader and the writers (key_file.hpp).
#include "dstu/pkix/key_file.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/rsa_key.hpp"

namespace dstu::pkix {
namespace {

constexpr std::string_view kEcParametersBegin = "-----BEGIN EC PARAMETERS-----";
constexpr std::string_view kEcParametersEnd = "-----END EC PARAMETERS-----";
constexpr const char* kPrivateLabel = "PRIVATE KEY";
constexpr const char* kEncryptedLabel = "ENCRYPTED PRIVATE KEY";
constexpr const char* kEcPrivateLabel = "EC PRIVATE KEY";
constexpr const char* kPublicLabel = "PUBLIC KEY";
constexpr const char* kRsaPrivateLabel = "RSA PRIVATE KEY";
constexpr const char* kRsaPublicLabel = "RSA PUBLIC KEY";

/// The structures a key file may hold.
enum class Form {
  private_key_info,
  encrypted_private_key_info,
  ec_private_key,
  subject_public_key_info,
  rsa_private_key,
  rsa_public_key
};

[[noreturn]] void not_a_key(const std::string& why) {
  throw_invalid("not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one (" + why + ")");
}

std::span<const std::uint8_t> octets(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

Form form_of_label(const std::string& label) {
  if (label == kPrivateLabel) return Form::private_key_info;
  if (label == kEncryptedLabel) return Form::encrypted_private_key_info;
  if (label == kEcPrivateLabel) return Form::ec_private_key;
  if (label == kPublicLabel) return Form::subject_public_key_info;
  if (label == kRsaPrivateLabel) return Form::rsa_private_key;
  if (label == kRsaPublicLabel) return Form::rsa_public_key;
  not_a_key("armor label '" + label + "'");
}

/// The structure of DER by the tags that tell the six apart: a PrivateKeyInfo, an
/// ECPrivateKey and a PKCS#1 RSAPrivateKey begin with their version INTEGER, followed by
/// an AlgorithmIdentifier SEQUENCE in the first, the privateKey OCTET STRING in the
/// second and the modulus INTEGER in the third; a PKCS#1 RSAPublicKey is two INTEGERs
/// and nothing more (an RSAPrivateKey has nine); an EncryptedPrivateKeyInfo and a
/// SubjectPublicKeyInfo begin with an AlgorithmIdentifier, whose OID is PBES2 only in the
/// first.
Form form_of_der(std::span<const std::uint8_t> der_bytes) {
  try {
    der::Reader top(der_bytes);
    der::Reader seq = top.enter(der::kSequence, "key");
    top.finish("key file");  // one structure, nothing after it
    const std::uint8_t first = seq.peek();
    if (first == der::kInteger) {
      (void)seq.next();
      const std::uint8_t second = seq.peek();
      if (second == der::kSequence) return Form::private_key_info;
      if (second == der::kOctetString) return Form::ec_private_key;
      if (second == der::kInteger) {
        (void)seq.next();
        return seq.empty() ? Form::rsa_public_key : Form::rsa_private_key;
      }
    } else if (first == der::kSequence && seq.enter(der::kSequence, "AlgorithmIdentifier").peek() == der::kOid) {
      return is_encrypted_private_key(der_bytes) ? Form::encrypted_private_key_info : Form::subject_public_key_info;
    }
  } catch (const Error& e) {
    not_a_key(e.what());
  }
  not_a_key("a DER structure that is no key's");
}

AnyKey open_protected(std::span<const std::uint8_t> der_bytes, PassphraseSource* source) {
  if (source == nullptr) throw_invalid("a protected private key, and no passphrase to open it");
  const Pbes2Info parameters = pbes2_info(der_bytes);  // refused here before anyone is asked
  const SecureBytes passphrase = source->passphrase(parameters);
  return any_key(decode_pkcs8(decrypt_private_key_info(der_bytes, passphrase)));
}

KeyFile read_form(Form form, std::span<const std::uint8_t> der_bytes, PassphraseSource* source) {
  switch (form) {
    case Form::encrypted_private_key_info:
      return {open_protected(der_bytes, source), true};
    case Form::private_key_info:
      return {any_key(decode_pkcs8(der_bytes)), false};
    case Form::ec_private_key:
      return {ecdsa::SchemeKey{ecdsa::Scheme::ecdsa, decode_sec1(der_bytes)}, false};
    case Form::subject_public_key_info:
      return {any_key(decode_spki(der_bytes)), false};
    case Form::rsa_private_key:
      return {decode_pkcs1_private_key(der_bytes), false};
    case Form::rsa_public_key:
      return {decode_pkcs1_public_key(der_bytes), false};
  }
  throw std::logic_error("read_form: no such form");
}

/// The text after a leading "EC PARAMETERS" block, which `openssl ecparam -genkey` writes
/// before the key unless given -noout; *curve_oid gets the block's named curve (explicit
/// parameters are refused). Text without that block is returned whole.
std::string_view skip_ec_parameters(std::string_view text, std::string* curve_oid) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text.substr(start).rfind(kEcParametersBegin, 0) != 0) return text;
  const std::size_t end = text.find(kEcParametersEnd);
  if (end == std::string_view::npos) throw_invalid("no matching '-----END EC PARAMETERS-----' line");
  std::size_t after = end + kEcParametersEnd.size();
  const pem::Block params = pem::decode(text.substr(0, after));
  // The END line ends there: a line break or the end of the text follows.
  if (after < text.size() && text[after] == '\r') ++after;
  if (after < text.size() && text[after] != '\n') {
    throw_invalid("text after the '-----END EC PARAMETERS-----' line on the same line");
  }
  der::Reader r(params.data);
  if (r.empty() || r.peek() != der::kOid) {
    throw_invalid("EC PARAMETERS of an explicit curve: only named curves are read (openssl ecparam -name NAME)");
  }
  *curve_oid = r.oid("EC PARAMETERS");
  r.finish("EC PARAMETERS");
  return text.substr(after);
}

/// A leading EC PARAMETERS block must name the curve of the EC key after it.
void check_ec_parameters(const std::string& curve_oid, const AnyKey& key) {
  const ecdsa::Group* group = nullptr;
  if (const auto* k = std::get_if<ecdsa::SchemeKey>(&key)) group = &k->key.group();
  if (const auto* k = std::get_if<ecdsa::SchemePublicKey>(&key)) group = k->key.group;
  if (group == nullptr) throw_invalid("EC PARAMETERS before a key that is not an EC key");
  if (curve_oid != group->oid()) {
    throw_invalid("EC PARAMETERS name curve " + curve_oid + ", the key is on " + group->oid());
  }
}

KeyFile read_armored(std::string_view text, PassphraseSource* source) {
  std::string params_oid;
  text = skip_ec_parameters(text, &params_oid);
  if (!params_oid.empty() && !pem::looks_armored(octets(text))) {
    throw_invalid("EC PARAMETERS without a key after them (openssl ecparam -genkey writes both)");
  }
  const pem::SecretBlock block = pem::decode_secret(text);
  // Headers are ignored in a public key; in a private key they would be the legacy
  // OpenSSL encryption ("Proc-Type: 4,ENCRYPTED"), which is not PKCS#8.
  if (!block.headers.empty() && block.label.find(kPrivateLabel) != std::string::npos) {
    throw_invalid("armor headers ('" + block.headers.front().first +
                  ": ...') in a private key: the legacy OpenSSL encryption, not PKCS#8 "
                  "(convert it with openssl pkcs8 -topk8 -v2 aes256)");
  }
  KeyFile k = read_form(form_of_label(block.label), block.data, source);
  if (!params_oid.empty()) check_ec_parameters(params_oid, k.key);
  return k;
}

SecureBytes armored(SecureBytes der_bytes, KeyFileEncoding encoding, const char* label) {
  if (encoding == KeyFileEncoding::der) return der_bytes;
  return pem::encode_secret(label, der_bytes);
}

Bytes public_armored(Bytes der_bytes, KeyFileEncoding encoding, const char* label) {
  if (encoding == KeyFileEncoding::der) return der_bytes;
  const std::string text = pem::encode({label, {}, der_bytes});
  return Bytes(text.begin(), text.end());
}

}  // namespace

KeyFile read_key_file(std::span<const std::uint8_t> file, PassphraseSource* passphrase) {
  if (file.empty()) throw_invalid("the key file is empty");
  if (pem::looks_armored(file)) {
    return read_armored({reinterpret_cast<const char*>(file.data()), file.size()}, passphrase);
  }
  return read_form(form_of_der(file), file, passphrase);
}

SecureBytes encode_private_key_file(const AnyPrivateKey& key, KeyFileEncoding encoding, Dstu4145Form form) {
  return armored(encode_pkcs8(key, form), encoding, kPrivateLabel);
}

SecureBytes encode_protected_key_file(const AnyPrivateKey& key, KeyFileEncoding encoding,
                                      std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                                      RandomSource& rng, Dstu4145Form form, KeyEncryption encryption) {
  const Bytes sealed =
      encrypt_private_key_info(encode_pkcs8(key, form), passphrase, iterations, rng, nullptr, encryption);
  return armored(SecureBytes(sealed.begin(), sealed.end()), encoding, kEncryptedLabel);
}

Bytes encode_public_key_file(const AnyPublicKey& key, KeyFileEncoding encoding) {
  return public_armored(encode_spki(key), encoding, kPublicLabel);
}

SecureBytes encode_pkcs1_private_key_file(const rsa::PrivateKey& key, KeyFileEncoding encoding) {
  return armored(encode_pkcs1(key), encoding, kRsaPrivateLabel);
}

Bytes encode_pkcs1_public_key_file(const rsa::PublicKey& key, KeyFileEncoding encoding) {
  return public_armored(encode_pkcs1(key), encoding, kRsaPublicLabel);
}

}  // namespace dstu::pkix
