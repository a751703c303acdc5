#include "key_files.hpp"

#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/encrypted_key.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/sha2.hpp"
#include "files.hpp"

namespace dstu::cli {
namespace {

constexpr const char* kSignatureLabel = "DSTU 4145 SIGNATURE";

constexpr std::string_view kEcParametersEnd = "-----END EC PARAMETERS-----";

/// The text after a leading "EC PARAMETERS" block, which `openssl ecparam -genkey` writes
/// before the key unless given -noout; *curve_oid gets the block's named curve (explicit
/// parameters are refused). Text without that block is returned whole.
std::string_view skip_ec_parameters(std::string_view text, std::string* curve_oid) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text.substr(start).rfind("-----BEGIN EC PARAMETERS-----", 0) != 0) return text;
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

/// DER bytes of a key file: the armored block's data, or the file itself (wiping
/// memory: it may be a private key). *curve_oid: the named curve of a leading EC
/// PARAMETERS block, or empty.
SecureBytes key_der(std::span<const std::uint8_t> data, const std::string& path, std::string* label,
                    std::string* curve_oid) {
  if (!pem::looks_armored(data)) return SecureBytes(data.begin(), data.end());
  try {
    std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
    text = skip_ec_parameters(text, curve_oid);
    if (!curve_oid->empty() && !pem::looks_armored({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()})) {
      throw_invalid("EC PARAMETERS without a key after them (openssl ecparam -genkey writes both)");
    }
    pem::SecretBlock b = pem::decode_secret(text);
    // Headers are ignored in a public key; in a private key they would be the legacy
    // OpenSSL encryption ("Proc-Type: 4,ENCRYPTED"), which is not PKCS#8.
    if (!b.headers.empty() && b.label.find("PRIVATE KEY") != std::string::npos) {
      throw_invalid(path + ": armor headers ('" + b.headers.front().first +
                    ": ...') in a private key: not a PKCS#8 key (convert it with openssl pkcs8 -topk8)");
    }
    *label = b.label;
    return std::move(b.data);
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what());
  }
}

/// GOST 34.311 with a given packed S-box, through the Hasher interface.
class Gost34311WithDke final : public hash::Hasher {
 public:
  explicit Gost34311WithDke(const dstu4145::Dke& dke) {
    hash::Gost34311Params p;
    p.sbox = hash::SBox::from_packed(dke);
    h_ = std::make_unique<hash::Gost34311>(p);
  }
  std::string_view name() const override { return "gost34311"; }
  std::size_t digest_size() const override { return 32; }
  void reset() override { h_->reset(); }
  void update(std::span<const std::uint8_t> data) override { h_->update(data); }
  void final(std::span<std::uint8_t> out) override { h_->final(out); }
  using hash::Hasher::final;

 private:
  std::unique_ptr<hash::Gost34311> h_;
};

}  // namespace

KeyFormat parse_key_format(const std::string& s) {
  if (s == "armor") return KeyFormat::armor;
  if (s == "der") return KeyFormat::der;
  throw_invalid("unknown key format '" + s + "' (armor or der)");
}

namespace {

constexpr const char* kEncryptedLabel = "ENCRYPTED PRIVATE KEY";

/// The tag of the first element inside the outer SEQUENCE (0 if there is none).
std::uint8_t first_inner_tag(std::span<const std::uint8_t> der_bytes) {
  try {
    der::Reader top(der_bytes);
    der::Reader inner = top.enter(der::kSequence, "key");
    return inner.empty() ? 0 : inner.peek();
  } catch (const Error&) {
    return 0;
  }
}

/// Refuses a clear private key file that group or others may read.
void check_permissions(const std::string& path, const KeyAccess& access) {
  struct stat st {};
  if (path == "-" || access.allow_insecure || ::stat(path.c_str(), &st) != 0) return;
  if ((st.st_mode & 077) != 0) {
    throw_invalid(fmt::format("{}: a clear private key that group or others can read (mode {:03o}): chmod 600 {}, "
                              "or give --allow-insecure-key",
                              path, st.st_mode & 0777, path));
  }
}

/// A whole PrivateKeyInfo of either kind: what may be sealed under a passphrase.
bool any_private_key_info(std::span<const std::uint8_t> info) {
  try {
    if (ecdsa::is_ec_pkcs8(info)) {
      (void)ecdsa::decode_pkcs8(info);
    } else {
      (void)dstu4145::decode_private_key(info);
    }
    return true;
  } catch (const Error&) {
    return false;
  }
}

/// The private key of a protected file, into k.
void decrypt_key(LoadedKey& k, std::span<const std::uint8_t> der, const std::string& path, const KeyAccess& access) {
  if (access.passphrase == nullptr) {
    throw_invalid(path + ": a protected private key; give its public key file (" + path + ".pub)");
  }
  try {
    (void)dstu4145::pbes2_info(der);  // its parameters, iteration count included, before a prompt
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
  SecureBytes pass = passphrase_to_read(*access.passphrase, path);
  try {
    const SecureBytes clear = dstu4145::decrypt_private_key_info(der, pass);
    if (ecdsa::is_ec_pkcs8(clear)) {
      k.ec_priv.emplace(ecdsa::decode_pkcs8(clear));
    } else {
      k.priv.emplace(dstu4145::decode_private_key(clear));
    }
    if (access.passphrase_used != nullptr) *access.passphrase_used = std::move(pass);
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
}

/// An ECDSA/ECGDSA key file (PKCS#8, SEC 1 or SPKI by label and algorithm OID) into k; false
/// when the file is none of these.
bool load_ec_key(LoadedKey& k, const SecureBytes& der, const std::string& label, const std::string& path) {
  try {
    if (label == "EC PRIVATE KEY" || (label.empty() && ecdsa::is_ec_sec1(der))) {
      k.ec_priv.emplace(ecdsa::SchemeKey{ecdsa::Scheme::ecdsa, ecdsa::decode_sec1(der)});
    } else if ((label.empty() || label == "PRIVATE KEY") && ecdsa::is_ec_pkcs8(der)) {
      k.ec_priv.emplace(ecdsa::decode_pkcs8(der));
    } else if ((label.empty() || label == "PUBLIC KEY") && ecdsa::is_ec_spki(der)) {
      k.ec_pub.emplace(ecdsa::decode_spki(der));
    } else {
      return false;
    }
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
  return true;
}

}  // namespace

LoadedKey load_key(const std::string& path, const KeyAccess& access) {
  const SecureBytes data = read_secret_file(path);
  if (data.empty()) throw_invalid(path + ": the key file is empty");
  std::string label, params_oid;
  const SecureBytes der = key_der(data, path, &label, &params_oid);
  LoadedKey k;
  // A leading EC PARAMETERS block must name the curve of the EC key after it.
  const auto check_params = [&] {
    if (params_oid.empty()) return;
    if (!k.is_ec()) throw_invalid(path + ": EC PARAMETERS before a key that is not an EC key");
    const std::string& oid = k.ec_priv ? k.ec_priv->key.group().oid() : k.ec_pub->key.group->oid();
    if (params_oid != oid) throw_invalid(path + ": EC PARAMETERS name curve " + params_oid + ", the key is on " + oid);
  };
  if (label == kEncryptedLabel || (label.empty() && dstu4145::is_encrypted_private_key(der))) {
    decrypt_key(k, der, path, access);
    k.protected_key = true;
    check_params();
    return k;
  }
  if (load_ec_key(k, der, label, path)) {
    check_params();
    if (k.ec_priv) check_permissions(path, access);
    return k;
  }
  if (!params_oid.empty()) throw_invalid(path + ": EC PARAMETERS before a key that is not an EC key");
  // On failure, report the error of the form the file has (a PrivateKeyInfo begins with
  // its version INTEGER, a SubjectPublicKeyInfo with an AlgorithmIdentifier SEQUENCE).
  const bool looks_public = label == "PUBLIC KEY" || (label.empty() && first_inner_tag(der) == der::kSequence);
  std::string priv_error, pub_error;
  try {
    if (label.empty() || label == "PRIVATE KEY") k.priv.emplace(dstu4145::decode_private_key(der));
  } catch (const Error& e) {
    priv_error = e.what();
  }
  if (!k.priv) {
    try {
      if (label.empty() || label == "PUBLIC KEY") k.pub.emplace(dstu4145::decode_public_key(der));
    } catch (const Error& e) {
      pub_error = e.what();
    }
  }
  if (k.priv) check_permissions(path, access);
  if (k.priv || k.pub) return k;
  const std::string& why = looks_public || priv_error.empty() ? pub_error : priv_error;
  throw_invalid(path + ": not a DSTU 4145 key file, nor an ECDSA/ECGDSA one (" + (why.empty() ? "armor label '" + label + "'" : why) + ")");
}

dstu4145::PublicKey LoadedKey::dstu_public(const std::string& path) const {
  if (is_ec()) throw_invalid(path + ": a " + ec_public().key.group->name() + " key, not a DSTU 4145 one");
  return pub ? *pub : priv->public_key();
}

ecdsa::SchemePublicKey LoadedKey::ec_public() const {
  if (ec_pub) return *ec_pub;
  return {ec_priv->scheme, ecdsa::public_key(ec_priv->scheme, ec_priv->key)};
}

namespace {

/// A PrivateKeyInfo as a file: clear ("PRIVATE KEY") or sealed under `passphrase`
/// ("ENCRYPTED PRIVATE KEY"), DER or armored.
SecureBytes private_key_info_file(SecureBytes der, KeyFormat format, const SecureBytes* passphrase,
                                  std::uint64_t iterations) {
  std::string label = "PRIVATE KEY";
  if (passphrase != nullptr) {
    rng::OsRandom os;
    const Bytes sealed = dstu4145::encrypt_private_key_info(
        der, *passphrase, iterations != 0 ? iterations : dstu4145::kDefaultPbkdf2Iterations, os, any_private_key_info);
    der.assign(sealed.begin(), sealed.end());  // the clear encoding is wiped by the reallocation or overwritten
    label = kEncryptedLabel;
  }
  if (format == KeyFormat::der) return der;
  return pem::encode_secret(label, der);
}

/// A SubjectPublicKeyInfo as a file, DER or armored ("PUBLIC KEY").
Bytes public_key_info_file(const Bytes& der, KeyFormat format) {
  if (format == KeyFormat::der) return der;
  const std::string text = pem::encode({"PUBLIC KEY", {}, der});
  return Bytes(text.begin(), text.end());
}

}  // namespace

SecureBytes private_key_file(const dstu4145::PrivateKey& key, KeyFormat format, dstu4145::PrivateKeyForm form,
                             const SecureBytes* passphrase, std::uint64_t iterations) {
  return private_key_info_file(dstu4145::encode_private_key(key, form), format, passphrase, iterations);
}

Bytes public_key_file(const dstu4145::PublicKey& key, KeyFormat format) {
  return public_key_info_file(dstu4145::encode_public_key(key), format);
}

SecureBytes ec_private_key_file(const ecdsa::SchemeKey& key, KeyFormat format, const SecureBytes* passphrase,
                                std::uint64_t iterations) {
  return private_key_info_file(ecdsa::encode_pkcs8(key.scheme, key.key), format, passphrase, iterations);
}

Bytes ec_public_key_file(const ecdsa::SchemePublicKey& key, KeyFormat format) {
  return public_key_info_file(ecdsa::encode_spki(key.scheme, key.key), format);
}

std::string ec_key_id(const ecdsa::SchemePublicKey& key) {
  return to_hex(hash::Sha256::hash(256, ecdsa::encode_spki(key.scheme, key.key)));
}

SignatureFormat parse_signature_format(const std::string& s) {
  if (s == "auto") return SignatureFormat::automatic;
  if (s == "raw") return SignatureFormat::raw;
  if (s == "raw-be") return SignatureFormat::raw_be;
  if (s == "der") return SignatureFormat::der;
  if (s == "der-be") return SignatureFormat::der_be;
  throw_invalid("unknown signature format '" + s + "' (auto, raw, raw-be, der or der-be)");
}

namespace {

LoadedSignature parse_armored_signature(const Bytes& data, const std::string& path, const ec2m::Curve& curve) {
  pem::Block b;
  try {
    b = pem::decode(std::string(data.begin(), data.end()));
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what());
  }
  if (b.label != kSignatureLabel) throw_invalid(path + ": not a DSTU 4145 signature (armor label '" + b.label + "')");
  LoadedSignature s;
  s.armored = true;
  std::string sig_curve;
  for (const auto& [name, value] : b.headers) {
    if (name == "Curve") sig_curve = value;
    if (name == "Hash") s.hash = value;
    if (name == "Key-Id") s.key_id = value;
  }
  if (!sig_curve.empty() && sig_curve != curve.name()) {
    throw_invalid(path + ": signature is for curve " + sig_curve + ", the key is on " + curve.name());
  }
  // The armor always holds exactly 2 ceil(L(n)/8) octets: any other count is a damaged file.
  const std::size_t want = dstu4145::raw_signature_lengths(curve).min;
  if (b.data.size() != want) {
    throw_invalid(path + ": armored signature holds " + std::to_string(b.data.size()) + " octets; a " + curve.name() +
                  " signature has " + std::to_string(want) + " (damaged or truncated file?)");
  }
  s.sig = dstu4145::decode_signature(curve, b.data);
  return s;
}

}  // namespace

LoadedSignature parse_signature_file(const Bytes& data, const std::string& path, const ec2m::Curve& curve,
                                     SignatureFormat format) {
  if (data.empty()) throw_invalid(path + ": the signature file is empty");
  if (format == SignatureFormat::automatic && pem::looks_armored(data)) {
    return parse_armored_signature(data, path, curve);
  }
  // Unnamed raw signatures have the one length dstu and Ukrainian PKI write; the longer
  // forms DSTU 4145 allows only when --sig-format says raw.
  const std::size_t raw = dstu4145::raw_signature_lengths(curve).min;
  if (format == SignatureFormat::automatic && data.size() != raw) {
    const bool der_like = data.size() > 2 && data[0] == 0x04 && data[1] + 2u == data.size();
    throw_invalid(path + ": signature has " + std::to_string(data.size()) + " octets; a raw " + curve.name() +
                  " signature has " + std::to_string(raw) +
                  (der_like ? " (for a DER OCTET STRING use --sig-format der)" : ""));
  }
  LoadedSignature s;
  const bool be = format == SignatureFormat::raw_be || format == SignatureFormat::der_be;
  try {
    if (format == SignatureFormat::der || format == SignatureFormat::der_be) {
      s.sig = dstu4145::decode_signature_der(curve, data, be);
    } else {
      s.sig = dstu4145::decode_signature(curve, data, be);
    }
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what() + (pem::looks_armored(data) ? " (the file is armored: drop --sig-format)" : ""));
  }
  return s;
}

std::string armored_signature(const Bytes& octets, const std::string& curve, const std::string& hash,
                              const std::string& key_id) {
  return pem::encode({kSignatureLabel, {{"Curve", curve}, {"Hash", hash}, {"Key-Id", key_id}}, octets});
}

Bytes digest_file(const std::string& path, const std::string& name, const std::optional<dstu4145::Dke>& dke) {
  std::unique_ptr<hash::Hasher> h;
  if (name == "gost34311" && dke) {
    h = std::make_unique<Gost34311WithDke>(*dke);
  } else {
    h = hash::make_hasher(name);
  }
  if (path == "-") return hash::hash_fd(*h, STDIN_FILENO);
  return hash::hash_file(*h, path);
}

}  // namespace dstu::cli
