// Signing and verification with ECDSA/ECGDSA keys (ec_signatures.hpp).
#include "ec_signatures.hpp"

#include <algorithm>
#include <stdexcept>

#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "dstu/parallel/team.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "rng_choice.hpp"
#include "window.hpp"

namespace dstu::cli {
namespace {

/// Octets of fresh randomness one hedged signature takes (ecdsa::sign's RFC 6979 §3.6 data).
constexpr std::size_t kFreshOctets = 32;

/// Octets drawn beforehand, handed out once: one signature's fresh randomness, so the
/// files of a window can be signed on the team while the generator is read in file order.
class DrawnOctets final : public RandomSource {
 public:
  explicit DrawnOctets(std::span<const std::uint8_t> octets) : octets_(octets) {}
  void fill(std::span<std::uint8_t> out) override {
    if (out.size() > octets_.size()) throw std::logic_error("ecdsa::sign asked for more fresh octets than drawn");
    std::copy_n(octets_.begin(), out.size(), out.begin());
    octets_ = octets_.subspan(out.size());
  }

 private:
  std::span<const std::uint8_t> octets_;
};

std::string armor_label(ecdsa::Scheme s) { return s == ecdsa::Scheme::ecdsa ? "ECDSA SIGNATURE" : "ECGDSA SIGNATURE"; }

Bytes signature_file(const ecdsa::SchemeKey& key, const std::string& key_id, const std::string& hash,
                     const std::string& format, const ecdsa::Signature& sig) {
  const ecdsa::Group& c = key.key.group();
  if (format == "der") return ecdsa::encode_der(sig);
  if (format == "p1363") return ecdsa::encode_p1363(c, sig);
  const std::string text =
      pem::encode({armor_label(key.scheme), {{"Curve", c.name()}, {"Hash", hash}, {"Key-Id", key_id}},
                   ecdsa::encode_p1363(c, sig)});
  return Bytes(text.begin(), text.end());
}

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

int sign_files_ec(const GlobalOptions& g, const ecdsa::SchemeKey& key, const EcSignRequest& req,
                  const std::vector<std::string>& files, const std::vector<std::string>& outs) {
  const ecdsa::Group& c = key.key.group();
  const std::string hash = req.hash.empty() ? ecdsa::default_hash(c) : req.hash;
  const pkix::AnyPublicKey pub = ecdsa::SchemePublicKey{key.scheme, ecdsa::public_key(key.scheme, key.key)};
  const std::string key_id = key_id_hex(pub);
  const auto rng = make_rng(req.rng);
  const ecdsa::Nonces nonces = req.deterministic ? ecdsa::Nonces::deterministic : ecdsa::Nonces::hedged;
  int status = kExitOk;
  for (std::size_t begin = 0, end = 0; begin < files.size(); begin = end) {
    WindowFill fill(parallel::team_size());
    while (end < files.size() && !fill.full()) fill.add(files[end++]);
    const std::size_t n = end - begin;
    // The hedged nonces' fresh octets drawn here, in file order (as with DSTU 4145 keys);
    // each file is then hashed, signed and written on the team.
    SecureBytes fresh(nonces == ecdsa::Nonces::hedged ? kFreshOctets * n : 0);
    if (!fresh.empty()) rng->fill(fresh);
    std::vector<std::string> errors(n);
    parallel::for_each(n, parallel::team_size(), [&](std::size_t j) {
      const std::size_t i = begin + j;
      try {
        refuse_existing(outs[i], req.force);
        const Bytes digest = digest_file(files[i], pub, hash);
        DrawnOctets entropy(fresh.empty() ? std::span<const std::uint8_t>()
                                          : std::span<const std::uint8_t>(fresh).subspan(kFreshOctets * j, kFreshOctets));
        const ecdsa::Signature sig = ecdsa::sign(key.scheme, key.key, hash, digest, entropy, nonces);
        write_file_atomic(outs[i], signature_file(key, key_id, hash, req.sig_format, sig), 0644,
                          req.force ? Overwrite::replace : Overwrite::refuse);
      } catch (const std::exception& e) {
        errors[j] = e.what();
      }
    });
    const Json fields = {{"curve", c.name()}, {"scheme", ecdsa::scheme_name(key.scheme)}, {"hash", hash}, {"key_id", key_id}};
    for (std::size_t i = begin; i < end; ++i) {
      if (report_signed(g.json && !g.quiet, files[i], outs[i], errors[i - begin], fields)) status = kExitError;
    }
  }
  return status;
}

EcVerdict verify_file_ec(const ecdsa::SchemePublicKey& key, const std::string& key_id, const std::string& file,
                         const std::string& sig_path, const std::string& hash, const std::string& sig_format) {
  EcVerdict v;
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
    v.hash = !hash.empty() ? hash : !named_hash.empty() ? named_hash : ecdsa::default_hash(c);
    const Bytes digest = digest_file(file, key, v.hash);
    if (ecdsa::verify(key.scheme, key.key, digest, sig)) {
      v.status = EcVerdict::valid;
    } else {
      v.status = EcVerdict::invalid;
      const mp::Nat& n = c.order();
      if (sig.r.is_zero() || sig.s.is_zero() || sig.r >= n || sig.s >= n) {
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
    v.status = EcVerdict::error;
    v.reason = e.what();
  }
  return v;
}

}  // namespace dstu::cli
