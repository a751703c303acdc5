#include "key_files.hpp"

#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <optional>

#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "command.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/key_choice.hpp"
#include "files.hpp"

namespace dstu::cli {
namespace {

constexpr const char* kSignatureLabel = "DSTU 4145 SIGNATURE";

/// The passphrase of a protected key file, as the command's options say
/// (passphrase_to_read: a file, a descriptor, the terminal); without passphrase options
/// (verify's --pub) a hint at the public key file. Remembers whether it threw: its
/// errors are the options', and go out without the key file's name.
class OptionPassphrase final : public pkix::PassphraseSource {
 public:
  OptionPassphrase(const KeyAccess& access, const std::string& path) : access_(access), path_(path) {}

  SecureBytes passphrase(const pkix::Pbes2Info&) override {
    try {
      if (access_.passphrase == nullptr) {
        throw_invalid(path_ + ": a protected private key; give its public key file (" + path_ + ".pub)");
      }
      SecureBytes p = passphrase_to_read(*access_.passphrase, path_);
      if (access_.passphrase_used != nullptr) *access_.passphrase_used = p;
      return p;
    } catch (...) {
      threw_ = true;
      throw;
    }
  }
  bool threw() const { return threw_; }

 private:
  const KeyAccess& access_;
  const std::string& path_;
  bool threw_ = false;
};

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

}  // namespace

pkix::KeyFileEncoding parse_key_format(const std::string& s) {
  if (s == "armor") return pkix::KeyFileEncoding::pem;
  if (s == "der") return pkix::KeyFileEncoding::der;
  throw_invalid("unknown key format '" + s + "' (armor or der)");
}

pkix::Container load_container(const std::string& path, const SecureBytes& data, pkix::ContainerFormat format,
                               const PassphraseOptions& options, SecureBytes* passphrase_used) {
  if (!options.key_file.empty() && format != pkix::ContainerFormat::jks) {
    throw UsageError("--key-passphrase-file is for Java key stores; " + path + " is " +
                     std::string(pkix::container_format_name(format)));
  }
  const std::string what = fmt::format("{} ({})", path, pkix::container_format_name(format));
  SecureBytes pass = passphrase_to_read(options, what);
  const SecureBytes key_pass = key_entry_passphrase(options);
  try {
    pkix::Container c = pkix::read_container(data, pass, key_pass);
    if (passphrase_used != nullptr) *passphrase_used = std::move(pass);
    return c;
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
}

LoadedKey load_key(const std::string& path, const KeyAccess& access) {
  return load_key(path, read_secret_file(path), access);
}

LoadedKey load_key(const std::string& path, const SecureBytes& data, const KeyAccess& access) {
  // A PBES2 envelope alone (the newer Key-6.dat) is a protected key file as well, and
  // read as one: its parameters are checked before a passphrase is asked for.
  const auto format = pkix::container_format(data);
  if (format && *format != pkix::ContainerFormat::key6_pbes2) {
    if (access.passphrase == nullptr) {
      throw_invalid(path + ": a key container (" + std::string(pkix::container_format_name(*format)) +
                    "); give its certificate or a public key file");
    }
    const pkix::Container c = load_container(path, data, *format, *access.passphrase, access.passphrase_used);
    Bytes wanted;
    if (!access.key_id.empty()) {
      try {
        wanted = from_hex(access.key_id);
      } catch (const Error&) {
        throw_invalid("--key-id must be hex, as dstu info shows key ids");
      }
    }
    std::size_t index = 0;
    try {
      index = pkix::choose_signing_key(c, wanted);
    } catch (const Error& e) {
      throw Error(e.code(), path + ": " + e.what());
    }
    LoadedKey k{pkix::any_key(c.keys[index].key), true, *format, pkix::key_certificate(c, index)};
    return k;
  }
  if (!access.key_id.empty()) throw UsageError("--key-id chooses a key of a container; " + path + " is a key file");
  OptionPassphrase passphrase(access, path);
  std::optional<pkix::KeyFile> k;
  try {
    k.emplace(pkix::read_key_file(data, &passphrase));
  } catch (const Error& e) {
    if (passphrase.threw()) throw;
    throw Error(e.code(), path + ": " + e.what());
  }
  if (pkix::is_private(k->key) && !k->encrypted) check_permissions(path, access);
  return LoadedKey{std::move(k->key), k->encrypted, std::nullopt, std::nullopt};
}

std::string key_id_hex(const pkix::AnyPublicKey& key) { return to_hex(pkix::key_id(key)); }

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

Bytes digest_file(const std::string& path, const pkix::AnyPublicKey& key, const std::string& name) {
  const std::unique_ptr<hash::Hasher> h = pkix::make_hasher(key, name);
  if (path == "-") return hash::hash_fd(*h, STDIN_FILENO);
  return hash::hash_file(*h, path);
}

}  // namespace dstu::cli
