// Signature files and verification with RSA keys (rsa_signatures.hpp).
#include "rsa_signatures.hpp"

#include <charconv>

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "files.hpp"
#include "key_files.hpp"

namespace dstu::cli {
namespace {

constexpr const char* kArmorLabel = "RSA SIGNATURE";

/// A salt length in octets from its decimal text; nothing if it is not a plain number or
/// longer than any key holds (a 16384-bit key's block is 2048 octets), so that no text
/// reaches the library's named lengths (kSaltAny, kSaltHashLength).
std::optional<std::size_t> parse_octets(const std::string& text) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value > rsa::kMaxBits / 8) return std::nullopt;
  return value;
}

/// The signature in an armored file, and the scheme, hash and key id its headers name
/// (empty strings for headers that are absent).
Bytes read_armored(const Bytes& data, const std::string& path, std::string& padding, std::string& salt,
                   std::string& hash, std::string& key_id) {
  pem::Block b;
  try {
    b = pem::decode(std::string(data.begin(), data.end()));
  } catch (const Error& e) {
    throw_invalid(path + ": " + e.what());
  }
  if (b.label != kArmorLabel) {
    throw_invalid(path + ": armor label '" + b.label + "'; an RSA key verifies '" + kArmorLabel + "'");
  }
  for (const auto& [name, value] : b.headers) {
    if (name == "Padding") padding = value;
    if (name == "Salt-Length") salt = value;
    if (name == "Hash") hash = value;
    if (name == "Key-Id") key_id = value;
  }
  if (!padding.empty() && padding != "pss" && padding != "pkcs1") {
    throw_invalid(path + ": the armor names padding '" + padding + "'; RSA signatures use pss or pkcs1");
  }
  if (!hash.empty() && !hash::HmacSha2::supports(hash)) {
    throw_invalid(path + ": the armor names hash " + hash + "; RSA signatures use sha224, sha256, sha384 or sha512");
  }
  if (!salt.empty() && !parse_octets(salt)) throw_invalid(path + ": the armor's Salt-Length '" + salt + "' is not a salt length");
  return std::move(b.data);
}

}  // namespace

void check_rsa_options(const RsaOptions& options, const std::string& hash, const std::string& sig_format,
                       bool signing) {
  if (!hash.empty() && !hash::HmacSha2::supports(hash)) {
    throw UsageError("--hash " + hash + " does not go with an RSA key (sha224, sha256, sha384 or sha512)");
  }
  const bool raw_ok = sig_format == "raw" || sig_format == (signing ? "armor" : "auto");
  if (!raw_ok) {
    throw UsageError("--sig-format " + sig_format + " is not for RSA keys (" + (signing ? "armor" : "auto") + " or raw)");
  }
  if (!options.padding.empty() && options.padding != "pss" && options.padding != "pkcs1") {
    throw UsageError("--padding " + options.padding + ": pss or pkcs1");
  }
  if (options.salt_length.empty()) return;
  if (options.padding == "pkcs1") throw UsageError("--salt-length is for --padding pss");
  const std::string& s = options.salt_length;
  const bool named = signing ? (s == "digest" || s == "max") : (s == "digest" || s == "auto");
  if (!named && !parse_octets(s)) {
    throw UsageError("--salt-length " + s + ": a number of octets, digest or " + (signing ? "max" : "auto"));
  }
}

rsa::Scheme rsa_signing_scheme(const RsaOptions& options, std::size_t key_bits, const std::string& hash) {
  rsa::Scheme scheme;
  scheme.padding = options.padding == "pkcs1" ? rsa::Padding::pkcs1v15 : rsa::Padding::pss;
  if (scheme.padding == rsa::Padding::pkcs1v15) return scheme;
  const std::size_t max = rsa::max_salt_length(key_bits, hash);
  const std::size_t digest = rsa::digest_size(hash);
  const std::string& s = options.salt_length;
  if (s.empty() || s == "digest") {
    scheme.salt_len = digest;
  } else if (s == "max") {
    scheme.salt_len = max;
  } else {
    scheme.salt_len = *parse_octets(s);
  }
  if (max < digest || scheme.salt_len > max) {
    throw UsageError("a " + std::to_string(key_bits) + "-bit key holds a PSS salt of at most " + std::to_string(max) +
                     " octets with " + hash + (max < digest ? "; use a shorter hash" : ""));
  }
  return scheme;
}

Bytes rsa_signature_file(const rsa::Scheme& scheme, const std::string& key_id, const std::string& hash,
                         const std::string& format, const Bytes& sig) {
  if (format == "raw") return sig;
  std::vector<std::pair<std::string, std::string>> headers = {{"Padding", std::string(rsa::padding_name(scheme.padding))},
                                                              {"Hash", hash}};
  if (scheme.padding == rsa::Padding::pss) headers.emplace_back("Salt-Length", std::to_string(scheme.salt_len));
  headers.emplace_back("Key-Id", key_id);
  const std::string text = pem::encode({kArmorLabel, headers, sig});
  return Bytes(text.begin(), text.end());
}

FileVerdict verify_file_rsa(const rsa::PublicKey& key, const std::string& key_id, const std::string& file,
                            const std::string& sig_path, const std::string& hash, const std::string& sig_format,
                            const RsaOptions& options) {
  FileVerdict v;
  try {
    const Bytes data = read_file(sig_path);
    if (data.empty()) throw_invalid(sig_path + ": the signature file is empty");
    std::string padding, salt, named_hash, named_key_id;
    Bytes sig;
    if (sig_format == "auto") {
      if (!pem::looks_armored(data)) {
        throw_invalid(sig_path + ": a binary signature; name its form with --sig-format raw (and --padding)");
      }
      sig = read_armored(data, sig_path, padding, salt, named_hash, named_key_id);
      if (padding.empty() && options.padding.empty()) {
        throw_invalid(sig_path + ": the armor names no padding; give --padding pss or pkcs1");
      }
    } else {
      if (options.padding.empty()) {
        throw_invalid(sig_path + ": a raw RSA signature does not say its scheme; give --padding pss or pkcs1");
      }
      sig = data;
    }
    if (!options.padding.empty() && !padding.empty() && options.padding != padding) {
      throw_invalid("--padding " + options.padding + " but the signature names " + padding);
    }
    if (!options.salt_length.empty() && (options.padding.empty() ? padding : options.padding) == "pkcs1") {
      throw_invalid("--salt-length is for PSS signatures; this one is pkcs1");
    }
    if (!hash.empty() && !named_hash.empty() && hash != named_hash) {
      throw_invalid("--hash " + hash + " but the signature names " + named_hash);
    }
    const std::string& given_salt = options.salt_length;
    v.hash = !hash.empty() ? hash : !named_hash.empty() ? named_hash : pkix::default_hash(key);
    if (!given_salt.empty() && given_salt != "auto" && !salt.empty()) {
      const std::string given =
          given_salt == "digest" ? std::to_string(rsa::digest_size(v.hash)) : std::to_string(*parse_octets(given_salt));
      if (given != salt) throw_invalid("--salt-length " + given_salt + " but the signature names " + salt);
    }
    rsa::Scheme scheme;
    scheme.padding = rsa::padding_from_name(!options.padding.empty() ? options.padding : padding);
    v.padding = rsa::padding_name(scheme.padding);
    // The salt the verifier holds the signature to: the one named, else any (as OpenSSL
    // verifies by default; RFC 8017 §9.1 leaves it to the parameters).
    const std::string& chosen = !given_salt.empty() ? given_salt : salt;
    scheme.salt_len = chosen.empty() || chosen == "auto" ? rsa::kSaltAny
                      : chosen == "digest"                ? rsa::digest_size(v.hash)
                                                          : *parse_octets(chosen);
    const Bytes digest = digest_file(file, key, v.hash);
    if (rsa::verify_vartime(key, scheme, v.hash, digest, sig)) {
      v.status = FileVerdict::valid;
    } else {
      v.status = FileVerdict::invalid;
      if (sig.size() != key.size()) {
        v.reason = std::to_string(sig.size()) + " octets; a signature of this " + std::to_string(key.bits()) +
                   "-bit key has " + std::to_string(key.size());
      } else if (!named_key_id.empty() && named_key_id != key_id) {
        v.reason = "made with another key: Key-Id " + named_key_id + ", this key is " + key_id;
      } else {
        v.reason = "signature does not match key " + key_id + " with " + std::string(rsa::padding_name(scheme.padding)) +
                   " and hash " + v.hash;
        if (hash.empty() && named_hash.empty()) {
          v.reason += "; a raw signature names no hash: if it was made with another, give --hash";
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
