// Signature files and verification with ECDSA/ECGDSA keys (ec_signatures.hpp).
#include "ec_signatures.hpp"

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "files.hpp"
#include "key_files.hpp"

namespace dstu::cli {
namespace {

std::string armor_label(ecdsa::Scheme s) { return s == ecdsa::Scheme::ecdsa ? "ECDSA SIGNATURE" : "ECGDSA SIGNATURE"; }

/// The signature in an armored file, and its Hash and Key-Id headers (empty if none).
ecdsa::Signature read_armored(const Bytes& data, const std::string& path, const ecdsa::SchemePublicKey& key,
                              std::string& hash, std::string& key_id) {
  pem::Block b;
  try {
    b = pem::decode(std::string(data.begin(), data.end()));
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what());
  }
  if (b.label != armor_label(key.scheme)) {
    throw_invalid(path + ": armor label '" + b.label + "'; a key of " + std::string(ecdsa::scheme_name(key.scheme)) +
                  " verifies '" + armor_label(key.scheme) + "'");
  }
  for (const auto& [name, value] : b.headers) {
    if (name == "Curve" && value != key.key.group->name()) {
      throw_invalid(path + ": signature is for curve " + value + ", the key is on " + key.key.group->name());
    }
    if (name == "Hash") {
      if (!hash::HmacSha2::supports(value)) {
        throw_invalid(path + ": the armor names hash " + value + "; ECDSA/ECGDSA signatures use sha224, sha256, sha384 or sha512");
      }
      hash = value;
    }
    if (name == "Key-Id") key_id = value;
  }
  try {
    return ecdsa::decode_p1363(*key.key.group, b.data);
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what() + " (damaged or truncated file?)");
  }
}

}  // namespace

void check_ec_options(ecdsa::Scheme key_scheme, const std::string& scheme, const std::string& hash) {
  if (!scheme.empty() && ecdsa::scheme_from_name(scheme) != key_scheme) {
    throw UsageError("--scheme " + scheme + ", but the key is an " + std::string(ecdsa::scheme_name(key_scheme)) +
                     " key (the scheme is chosen at keygen)");
  }
  if (!hash.empty() && !hash::HmacSha2::supports(hash)) {
    throw UsageError("--hash " + hash + " does not go with an ECDSA/ECGDSA key (sha224, sha256, sha384 or sha512)");
  }
}

Bytes ec_signature_file(const ecdsa::SchemeKey& key, const std::string& key_id, const std::string& hash,
                        const std::string& format, const ecdsa::Signature& sig) {
  const ecdsa::Group& c = key.key.group();
  if (format == "der") return ecdsa::encode_der(sig);
  if (format == "p1363") return ecdsa::encode_p1363(c, sig);
  const std::string text =
      pem::encode({armor_label(key.scheme), {{"Curve", c.name()}, {"Hash", hash}, {"Key-Id", key_id}},
                   ecdsa::encode_p1363(c, sig)});
  return Bytes(text.begin(), text.end());
}

FileVerdict verify_file_ec(const ecdsa::SchemePublicKey& key, const std::string& key_id, const std::string& file,
                         const std::string& sig_path, const std::string& hash, const std::string& sig_format) {
  FileVerdict v;
  try {
    const ecdsa::Group& c = *key.key.group;
    const Bytes data = read_file(sig_path);
    if (data.empty()) throw_invalid(sig_path + ": the signature file is empty");
    std::string named_hash, named_key_id;
    ecdsa::Signature sig;
    if (sig_format == "auto") {
      if (!pem::looks_armored(data)) {
        throw_invalid(sig_path + ": a binary signature; name its form with --sig-format der or p1363");
      }
      sig = read_armored(data, sig_path, key, named_hash, named_key_id);
    } else {
      try {
        sig = ecdsa::decode_signature(ecdsa::signature_format_from_name(sig_format), c, data);
      } catch (const Error& e) {
        throw_invalid(sig_path + ": " + e.what());
      }
    }
    if (!hash.empty() && !named_hash.empty() && hash != named_hash) {
      throw_invalid("--hash " + hash + " but the signature names " + named_hash);
    }
    v.hash = !hash.empty() ? hash : !named_hash.empty() ? named_hash : pkix::default_hash(key);
    const Bytes digest = digest_file(file, key, v.hash);
    if (ecdsa::verify(key.scheme, key.key, digest, sig)) {
      v.status = FileVerdict::valid;
    } else {
      v.status = FileVerdict::invalid;
      if (!ecdsa::signature_in_range(c, sig)) {
        v.reason = "r or s out of range (the scheme requires 0 < r < n and 0 < s < n)";
      } else if (!named_key_id.empty() && named_key_id != key_id) {
        v.reason = "made with another key: Key-Id " + named_key_id + ", this key is " + key_id;
      } else {
        v.reason = "signature does not match key " + key_id + " with hash " + v.hash;
        if (hash.empty() && named_hash.empty()) {
          v.reason += "; a " + sig_format + " signature names no hash: if it was made with another, give --hash";
        }
      }
    }
  } catch (const std::exception& e) {
    v.status = FileVerdict::error;
    v.reason = e.what();
  }
  return v;
}

}  // namespace dstu::cli
