// dstu keygen: a key pair (DSTU 4145, ECDSA/ECGDSA, RSA) into a private key file (mode
// 0600) and a public key file;
// --list-curves; --convert between armor and DER, of key containers to key files and
// certificates, and of keys and certificates to a PKCS#12 file.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <memory>

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ecdsa/group.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/key_choice.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rsa/keygen.hpp"
#include "dstu/rng/random.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "passphrase.hpp"
#include "rng_choice.hpp"

namespace dstu::cli {
namespace {

pkix::Dstu4145Form parse_form(const std::string& s) {
  if (s == "uapki") return pkix::Dstu4145Form::uapki;
  if (s == "bc") return pkix::Dstu4145Form::bouncycastle;
  throw UsageError("--pkcs8 must be uapki or bc");
}

class Keygen final : public Command {
 public:
  const char* name() const override { return "keygen"; }
  const char* summary() const override {
    return "Generate a DSTU 4145, ECDSA, ECGDSA or RSA key pair (or list curves, convert keys)";
  }

  void setup(CLI::App& sub) override {
    curve_option_ = sub.add_option("--curve", curve_,
                   "Curve name or OID (default dstu257; ECDSA/ECGDSA: P-192 ... P-521, brainpoolP160r1 ... brainpoolP512t1, B-163 ... B-571, K-163 ... K-571; "
                   "see --list-curves)");
    sub.add_option("--scheme", scheme_, "ECDSA/ECGDSA curves: ecdsa (default) or ecgdsa (Q = d^-1 G, its own OID)")
        ->check(CLI::IsMember({"ecdsa", "ecgdsa"}));
    sub.add_option("--algo", algo_, "ec (default: the --curve's DSTU 4145, ECDSA or ECGDSA key) or rsa")
        ->check(CLI::IsMember({"ec", "rsa"}));
    bits_option_ = sub.add_option("--bits", bits_, "RSA: modulus size, a multiple of 8 from 1024 to 16384 (default 3072)");
    exponent_option_ =
        sub.add_option("--exponent", exponent_, "RSA: public exponent, odd, 65537 (default) to 2^256 (decimal or 0x hex)");
    sub.add_option("-o,--out", out_, "Private key file (default dstu.key; '-' = stdout)");
    sub.add_option("--pub", pub_, "Public key file (default: the private key file + .pub)");
    format_option_ =
        sub.add_option("--format", format_, "armor (PEM text, default) or der")->check(CLI::IsMember({"armor", "der"}));
    pkcs8_option_ = sub.add_option("--pkcs8", pkcs8_, "Private key layout: uapki (Ukrainian PKI, default) or bc (BouncyCastle)")
        ->check(CLI::IsMember({"uapki", "bc"}));
    sub.add_flag("--pkcs1", pkcs1_,
                 "RSA keys: write PKCS#1's own files (\"RSA PRIVATE KEY\", clear only, and \"RSA PUBLIC KEY\") instead "
                 "of PKCS#8 and SubjectPublicKeyInfo");
    sub.add_option("--key-encryption", key_encryption_,
                   "How a protected private key is sealed: gost (PBKDF2-HMAC-GOST34.311, GOST 28147-89 CFB, as "
                   "Ukrainian PKI does; the default for DSTU 4145 and ECDSA/ECGDSA keys) or aes (PBKDF2-HMAC-SHA-256, "
                   "AES-256-CBC, as OpenSSL does; the default for RSA keys)")
        ->check(CLI::IsMember({"gost", "aes"}));
    sub.add_flag("--force", force_, "Replace existing regular files");
    sub.add_option("--rng", rng_, "Random source: os (default) or dstu (DSTU 4145 Annex A)")
        ->check(CLI::IsMember({"os", "dstu"}));
    sub.add_flag("--list-curves", list_, "List the named curves");
    sub.add_option("--convert", convert_,
                   "Re-encode this key file (private or public) into -o; a private key is written protected "
                   "unless --no-passphrase. A key container (Key-6.dat, PKCS#12, JKS): every key to OUT-N.key and "
                   "OUT-N.key.pub, its certificate to OUT-N.cer, other certificates to OUT-ca-M.cer");
    sub.add_flag("--pkcs12", pkcs12_,
                 "With --convert: write -o as one PKCS#12 file (.pfx/.p12, mode 0600) of the input's keys (every key "
                 "of a container) and certificates, under the output passphrase");
    sub.add_option("--cert", certs_, "With --pkcs12: a certificate to put in the file (repeatable)")
        ->allow_extra_args(false);
    profile_option_ = sub.add_option("--pkcs12-profile", profile_,
                                     "With --pkcs12: iit (GOST PBES2 and MAC, as IIT and UAPKI write; the default for "
                                     "DSTU 4145 keys) or openssl (AES-256-CBC and SHA-256, as OpenSSL 3 writes; the "
                                     "default for ECDSA keys)")
                          ->check(CLI::IsMember({"iit", "openssl"}));
    sub.add_flag("--allow-insecure-key", allow_insecure_,
                 "With --convert: read a clear private key file that group or others can read");
    add_passphrase_options(sub, passphrase_, true);
  }

  int run(const GlobalOptions& g) override {
    if (list_) return list_curves(g);
    if (!key_encryption_.empty() && (passphrase_.none || pkcs12_)) {
      throw UsageError("--key-encryption seals a private key file: not with --no-passphrase or --pkcs12");
    }
    if (!convert_.empty()) return convert(g);
    if (pkcs12_ || !certs_.empty() || !passphrase_.key_file.empty()) {
      throw UsageError("--pkcs12, --cert and --key-passphrase-file go with --convert");
    }
    if (algo_ != "rsa" && (bits_option_->count() > 0 || exponent_option_->count() > 0)) {
      throw UsageError("--bits and --exponent are for RSA keys (--algo rsa)");
    }
    return generate(g);
  }

 private:
  Overwrite overwrite() const { return force_ ? Overwrite::replace : Overwrite::refuse; }

  /// The passphrase for a new protected key file.
  SecureBytes new_passphrase(const std::string& path) const {
    return passphrase_to_write(passphrase_, path == "-" ? "the private key" : path);
  }

  /// The passphrase a converted key is written under: with --passphrase-file or
  /// --passphrase-fd, the input's when it was protected (the option opened it) or the
  /// option's; on a terminal, a new one asked twice.
  SecureBytes output_passphrase(SecureBytes&& used, bool input_protected, const std::string& path) const {
    const bool by_option = !passphrase_.file.empty() || passphrase_.fd >= 0;
    return by_option && input_protected ? std::move(used) : new_passphrase(path);
  }

  /// A private key file in the chosen encoding and (DSTU 4145 keys) layout: clear when
  /// `passphrase` is null, else protected with --iterations PBKDF2 rounds, salt and IV
  /// from the OS, sealed by --key-encryption. Without it an RSA key is sealed as OpenSSL
  /// seals keys (PBKDF2-HMAC-SHA-256, AES-256-CBC), since the tools that use RSA keys
  /// read that form and not the GOST one; the other kinds as Ukrainian PKI seals them.
  SecureBytes private_key_file(const pkix::AnyPrivateKey& key, pkix::KeyFileEncoding encoding,
                               const SecureBytes* passphrase) const {
    if (pkcs1_) return pkix::encode_pkcs1_private_key_file(std::get<rsa::PrivateKey>(key), encoding);
    const pkix::Dstu4145Form form = parse_form(pkcs8_);
    if (passphrase == nullptr) return pkix::encode_private_key_file(key, encoding, form);
    const std::uint64_t iterations =
        passphrase_.iterations != 0 ? passphrase_.iterations : pkix::kDefaultPbkdf2Iterations;
    const bool aes = key_encryption_.empty() ? std::holds_alternative<rsa::PrivateKey>(key) : key_encryption_ == "aes";
    const pkix::KeyEncryption sealing = aes ? pkix::KeyEncryption::aes256_cbc : pkix::KeyEncryption::gost28147_cfb;
    rng::OsRandom os;
    return pkix::encode_protected_key_file(key, encoding, *passphrase, iterations, os, form, sealing);
  }

  /// A public key file: SubjectPublicKeyInfo, or with --pkcs1 an RSAPublicKey.
  Bytes public_key_file(const pkix::AnyPublicKey& key, pkix::KeyFileEncoding encoding) const {
    if (pkcs1_) return pkix::encode_pkcs1_public_key_file(std::get<rsa::PublicKey>(key), encoding);
    return pkix::encode_public_key_file(key, encoding);
  }

  /// --pkcs1 asks for PKCS#1 files, which hold RSA keys only and have no encryption of
  /// their own: refused for other keys, and with a passphrase for a private key.
  void check_pkcs1(bool rsa_key, bool private_key) const {
    if (!pkcs1_) return;
    if (!rsa_key) throw UsageError("--pkcs1 is for RSA keys");
    if (private_key && !passphrase_.none) {
      throw UsageError("--pkcs1 writes a private key in clear (PKCS#1 has no encryption): add --no-passphrase");
    }
  }

  int list_curves(const GlobalOptions& g) {
    Json list = Json::array();
    for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
      const char* family = curve::family_name(c->family());
      list.push_back({{"name", c->name()}, {"family", family}, {"oid", c->oid()}, {"m", c->m()},
                      {"order_bits", c->order_bits()}});
      if (!g.json) {
        fmt::print("{:<16} {:<12} {:<30} m={:<4} L(n)={}\n", c->name(), family, c->oid(), c->m(), c->order_bits());
      }
    }
    for (const ecdsa::Group* c : ecdsa::Group::all_named()) {
      const char* size_key = c->binary() ? "m" : "p_bits";
      list.push_back({{"name", c->name()}, {"family", c->family()}, {"oid", c->oid()}, {size_key, c->field_bits()},
                      {"order_bits", c->order_bits()}, {"aliases", c->aliases()}});
      if (!g.json) {
        fmt::print("{:<16} {:<12} {:<30} {}={:<4} L(n)={}\n", c->name(), c->family(), c->oid(), c->binary() ? "m" : "p",
                   c->field_bits(), c->order_bits());
      }
    }
    if (g.json) print_json({{"curves", list}});
    return kExitOk;
  }

  int convert(const GlobalOptions& g) {
    if (out_.empty()) throw UsageError("--convert needs -o OUT");
    if (g.json && out_ == "-") throw UsageError("--json cannot share standard output with the key (use -o FILE)");
    if (!scheme_.empty()) throw UsageError("--scheme chooses a new key's scheme; --convert keeps the key's");
    if (!pkcs12_ && (!certs_.empty() || profile_option_->count() > 0)) {
      throw UsageError("--cert and --pkcs12-profile go with --pkcs12");
    }
    if (pkcs1_ && pkcs12_) throw UsageError("--pkcs1 writes key files, not --pkcs12");
    if (pkcs12_ && (!pub_.empty() || format_option_->count() > 0)) {
      throw UsageError("--pkcs12 writes one file: --pub and --format do not apply");
    }
    const pkix::KeyFileEncoding encoding = parse_key_format(format_);
    const SecureBytes data = read_secret_file(convert_);
    const auto container = pkix::container_format(data);
    const bool is_container = container && *container != pkix::ContainerFormat::key6_pbes2;
    if (pkcs12_) return convert_to_pkcs12(g, data, is_container ? container : std::nullopt);
    if (is_container && pkcs1_) throw UsageError("--pkcs1 converts one RSA key file, not a key container");
    if (is_container) return convert_container(g, data, *container, encoding);
    refuse_existing(out_, force_);
    SecureBytes used;
    const LoadedKey k = load_key(convert_, data, {&passphrase_, allow_insecure_, &used, ""});
    const pkix::AnyPublicKey pub = pkix::public_key(k.key);
    if (!std::holds_alternative<dstu4145::PublicKey>(pub) && pkcs8_option_->count() > 0) {
      throw UsageError("--pkcs8 is for DSTU 4145 keys");
    }
    check_pkcs1(std::holds_alternative<rsa::PublicKey>(pub), pkix::is_private(k.key));
    if (pkix::is_private(k.key)) {
      // The output's passphrase: none with --no-passphrase; with --passphrase-file/-fd
      // the input's (a protected input read the option already), or the option's;
      // on a terminal, a new one asked for twice.
      SecureBytes pass;
      if (!passphrase_.none) pass = output_passphrase(std::move(used), k.encrypted, out_);
      const SecureBytes* p = passphrase_.none ? nullptr : &pass;
      write_file_atomic(out_, private_key_file(pkix::private_key(k.key), encoding, p), 0600, overwrite());
    } else {
      write_file_atomic(out_, public_key_file(pub, encoding), 0644, overwrite());
    }
    if (g.json && !g.quiet) print_json({{"converted", convert_}, {"out", out_}, {"private", pkix::is_private(k.key)}});
    return kExitOk;
  }

  /// --convert --pkcs12: the input's keys (a key file's, or every key of a container) and
  /// certificates (the container's, then --cert's) into one PKCS#12 file, mode 0600, under
  /// the output passphrase (as for a key file; never clear). The profile follows the keys:
  /// IIT's for DSTU 4145 keys (UAPKI, IIT and jkurwa read it), OpenSSL's for ECDSA keys.
  int convert_to_pkcs12(const GlobalOptions& g, const SecureBytes& data, std::optional<pkix::ContainerFormat> format) {
    if (out_ == "-") throw UsageError("--pkcs12 writes a file: give -o FILE.p12");
    if (passphrase_.none) throw UsageError("a PKCS#12 file is always protected: --no-passphrase does not go with --pkcs12");
    refuse_existing(out_, force_);
    std::vector<Bytes> certs;
    const auto add_cert = [&](const Bytes& der) {
      if (std::find(certs.begin(), certs.end(), der) == certs.end()) certs.push_back(der);
    };
    std::vector<pkix::AnyPrivateKey> keys;
    SecureBytes used;
    bool encrypted = true;
    if (format) {
      const pkix::Container c = load_container(convert_, data, *format, passphrase_, &used);
      for (const pkix::ContainerKey& k : c.keys) {
        keys.push_back(k.key);
        for (const Bytes& der : k.chain) add_cert(der);
      }
      for (const Bytes& der : c.certificates) add_cert(der);
    } else {
      const LoadedKey k = load_key(convert_, data, {&passphrase_, allow_insecure_, &used, ""});
      if (!pkix::is_private(k.key)) throw_invalid(convert_ + ": a public key; a PKCS#12 file holds private keys");
      keys.push_back(pkix::private_key(k.key));
      encrypted = k.encrypted;
    }
    for (const std::string& path : certs_) {
      const Bytes der = read_file(path);
      try {
        add_cert(pkix::read_certificate(der).der);
      } catch (const Error& e) {
        throw Error(e.code(), path + ": " + e.what());
      }
    }
    const bool all_dstu = std::all_of(keys.begin(), keys.end(), [](const pkix::AnyPrivateKey& k) {
      return std::holds_alternative<dstu4145::PrivateKey>(k);
    });
    pkix::Pkcs12WriteOptions options;
    options.profile = profile_.empty() ? (all_dstu ? pkix::Pkcs12Profile::iit : pkix::Pkcs12Profile::openssl)
                      : profile_ == "iit" ? pkix::Pkcs12Profile::iit
                                          : pkix::Pkcs12Profile::openssl;
    if (options.profile == pkix::Pkcs12Profile::iit && !all_dstu) {
      throw UsageError("--pkcs12-profile iit is for DSTU 4145 keys (GOST 28147 and GOST 34.311); ECDSA keys: openssl");
    }
    options.form = parse_form(pkcs8_);
    if (passphrase_.iterations != 0) options.iterations = static_cast<std::uint32_t>(passphrase_.iterations);
    const SecureBytes pass = output_passphrase(std::move(used), encrypted, out_);
    rng::OsRandom os;
    const Bytes file = pkix::write_pkcs12(keys, certs, pass, os, options);
    write_file_atomic(out_, file, 0600, overwrite());
    if (g.quiet) {
    } else if (g.json) {
      Json ids = Json::array();
      for (const auto& k : keys) ids.push_back(key_id_hex(pkix::public_key(k)));
      print_json({{"converted", convert_}, {"out", out_}, {"format", "PKCS#12"},
                  {"profile", options.profile == pkix::Pkcs12Profile::iit ? "iit" : "openssl"}, {"keys", ids},
                  {"certificates", certs.size()}});
    } else {
      fmt::print("{}: PKCS#12 with {} key(s) and {} certificate(s)\n", out_, keys.size(), certs.size());
    }
    return kExitOk;
  }

  /// --convert of a key container: each key to OUT-N.key and OUT-N.key.pub (N from 1, in
  /// the container's order), its certificate to OUT-N.cer, the container's other
  /// certificates to OUT-ca-M.cer. Every file is staged before any is put in place, and
  /// the ones put in place are removed if a later one fails.
  int convert_container(const GlobalOptions& g, const SecureBytes& data, pkix::ContainerFormat format,
                        pkix::KeyFileEncoding encoding) {
    if (out_ == "-") throw UsageError("--convert of a key container writes several files: -o gives their prefix");
    if (!pub_.empty()) throw UsageError("--pub: a container's public keys go beside its keys (OUT-N.key.pub)");
    SecureBytes used;
    const pkix::Container c = load_container(convert_, data, format, passphrase_, &used);
    SecureBytes pass;
    if (!passphrase_.none) pass = output_passphrase(std::move(used), true, out_ + "-N.key");
    const auto cert_file = [&](const Bytes& der) {
      if (encoding == pkix::KeyFileEncoding::der) return der;
      const std::string text = pem::encode({"CERTIFICATE", {}, der});
      return Bytes(text.begin(), text.end());
    };
    struct Out {
      std::string path;
      SecureBytes data;
      mode_t mode;
    };
    std::vector<Out> outs;
    Json keys = Json::array();
    std::vector<Bytes> key_certs;
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      const std::string base = fmt::format("{}-{}", out_, i + 1);
      const pkix::AnyPublicKey& pub = c.keys[i].public_key;
      outs.push_back({base + ".key", private_key_file(c.keys[i].key, encoding, passphrase_.none ? nullptr : &pass), 0600});
      const Bytes pub_file = pkix::encode_public_key_file(pub, encoding);
      outs.push_back({base + ".key.pub", SecureBytes(pub_file.begin(), pub_file.end()), 0644});
      Json k = {{"private_key", base + ".key"}, {"public_key", base + ".key.pub"}, {"curve", pkix::curve_name(pub)},
                {"key_id", key_id_hex(pub)}};
      if (const auto cert = pkix::key_certificate(c, i)) {
        const Bytes f = cert_file(cert->der);
        outs.push_back({base + ".cer", SecureBytes(f.begin(), f.end()), 0644});
        key_certs.push_back(cert->der);
        k["certificate"] = base + ".cer";
      }
      keys.push_back(k);
    }
    std::vector<Bytes> others;
    const auto add_other = [&](const Bytes& der) {
      if (std::find(key_certs.begin(), key_certs.end(), der) != key_certs.end()) return;
      if (std::find(others.begin(), others.end(), der) != others.end()) return;
      others.push_back(der);
    };
    for (const pkix::ContainerKey& k : c.keys) {
      for (const Bytes& der : k.chain) add_other(der);
    }
    for (const Bytes& der : c.certificates) add_other(der);
    Json certs = Json::array();
    for (std::size_t j = 0; j < others.size(); ++j) {
      const std::string path = fmt::format("{}-ca-{}.cer", out_, j + 1);
      const Bytes f = cert_file(others[j]);
      outs.push_back({path, SecureBytes(f.begin(), f.end()), 0644});
      certs.push_back(path);
    }
    for (const Out& o : outs) refuse_existing(o.path, force_);
    std::vector<std::unique_ptr<StagedFile>> staged;
    for (const Out& o : outs) staged.push_back(std::make_unique<StagedFile>(o.path, o.data, o.mode));
    std::size_t done = 0;
    try {
      for (; done < staged.size(); ++done) staged[done]->commit(overwrite());
    } catch (...) {
      for (std::size_t i = 0; i < done; ++i) ::unlink(outs[i].path.c_str());
      throw;
    }
    if (g.quiet) {
    } else if (g.json) {
      print_json({{"converted", convert_}, {"container", pkix::container_format_name(format)}, {"keys", keys},
                  {"certificates", certs}});
    } else {
      for (const Json& k : keys) {
        fmt::print("{}  {}  key id {}{}\n", k["private_key"].get<std::string>(), k["curve"].get<std::string>(),
                   k["key_id"].get<std::string>(),
                   k.contains("certificate") ? "  certificate " + k["certificate"].get<std::string>() : "");
      }
      for (const Json& c2 : certs) fmt::print("{}\n", c2.get<std::string>());
    }
    return kExitOk;
  }

  int generate(const GlobalOptions& g) {
    const std::string key_path = out_.empty() ? "dstu.key" : out_;
    std::string pub_path = pub_;
    if (pub_path.empty()) {
      if (key_path == "-") throw UsageError("with -o - give the public key file with --pub");
      pub_path = key_path + ".pub";
    }
    if (pub_path == key_path) throw UsageError("the private and public key files must differ");
    if (g.json && (key_path == "-" || pub_path == "-")) {
      throw UsageError("--json cannot share standard output with a key (use -o FILE and --pub FILE)");
    }
    const pkix::KeyFileEncoding encoding = parse_key_format(format_);
    check_pkcs1(algo_ == "rsa", true);
    if (algo_ == "rsa") return generate_rsa(g, key_path, pub_path, encoding);
    const ecdsa::Group* group = ecdsa::Group::find(curve_);  // null: a DSTU 4145 curve
    const ec2m::Curve* curve = group ? nullptr : ec2m::Curve::find_named(curve_);
    if (!group && !curve) throw_invalid("unknown curve '" + curve_ + "' (dstu keygen --list-curves shows them all)");
    if (!group && !scheme_.empty()) throw UsageError("--scheme is for ECDSA/ECGDSA curves (DSTU 4145 curves have their own)");
    if (group && pkcs8_option_->count() > 0) throw UsageError("--pkcs8 is for DSTU 4145 keys (ECDSA/ECGDSA keys: one PKCS#8 form)");
    // Refuse before doing any work when a file is in the way.
    for (const std::string& p : {key_path, pub_path}) refuse_existing(p, force_);
    // The passphrase before any work: without a terminal and without an option, refuse
    // rather than write a clear key the user did not ask for.
    if (passphrase_.none && (!passphrase_.file.empty() || passphrase_.fd >= 0)) {
      throw UsageError("--no-passphrase and a passphrase option contradict each other");
    }
    SecureBytes pass;
    if (!passphrase_.none) pass = new_passphrase(key_path);
    auto rng = make_rng(rng_);
    const pkix::AnyPrivateKey priv =
        group ? pkix::AnyPrivateKey(ecdsa::SchemeKey{ecdsa::scheme_from_name(scheme_.empty() ? "ecdsa" : scheme_),
                                                     ecdsa::PrivateKey::generate(*group, *rng)})
              : pkix::AnyPrivateKey(dstu4145::generate_key(*curve, *rng));
    Json r = {{"curve", group ? group->name() : curve->name()}, {"oid", group ? group->oid() : curve->oid()}};
    if (group) r["scheme"] = scheme_.empty() ? "ecdsa" : scheme_;
    return write_pair(g, priv, pass, key_path, pub_path, encoding, std::move(r));
  }

  /// --algo rsa: an RSA key of --bits (FIPS 186-5 A.1.3, rsa::generate_key) with
  /// --exponent, written as the other kinds are.
  int generate_rsa(const GlobalOptions& g, const std::string& key_path, const std::string& pub_path,
                   pkix::KeyFileEncoding encoding) {
    if (curve_option_->count() > 0 || !scheme_.empty() || pkcs8_option_->count() > 0) {
      throw UsageError("--curve, --scheme and --pkcs8 are for EC keys, not --algo rsa");
    }
    if (bits_ < rsa::kMinGenerateBits || bits_ > rsa::kMaxBits || bits_ % 8 != 0) {
      throw UsageError("--bits must be a multiple of 8 from 1024 to 16384");
    }
    mp::Nat e(rsa::kDefaultExponent);
    if (!exponent_.empty()) {
      try {
        e = mp::Nat::parse(exponent_);
      } catch (const std::exception&) {
        throw UsageError("--exponent must be a number (decimal, or hex after 0x)");
      }
      if (!e.is_odd() || e < mp::Nat(rsa::kDefaultExponent) || e.bits() > 256) {
        throw UsageError("--exponent must be odd, from 65537 to below 2^256");
      }
    }
    for (const std::string& p : {key_path, pub_path}) refuse_existing(p, force_);
    if (passphrase_.none && (!passphrase_.file.empty() || passphrase_.fd >= 0)) {
      throw UsageError("--no-passphrase and a passphrase option contradict each other");
    }
    SecureBytes pass;
    if (!passphrase_.none) pass = new_passphrase(key_path);
    auto rng = make_rng(rng_);
    const pkix::AnyPrivateKey priv(rsa::generate_key(bits_, *rng, e));
    return write_pair(g, priv, pass, key_path, pub_path, encoding,
                      {{"algorithm", "rsa"}, {"bits", bits_}, {"e", e.to_dec()}});
  }

  /// Writes a new key pair and reports it: `record` and the files' names and key id
  /// with --json, else the key id.
  int write_pair(const GlobalOptions& g, const pkix::AnyPrivateKey& priv, const SecureBytes& pass,
                 const std::string& key_path, const std::string& pub_path, pkix::KeyFileEncoding encoding,
                 Json record) {
    const pkix::AnyPublicKey pub = pkix::public_key(priv);
    const SecureBytes priv_file = private_key_file(priv, encoding, passphrase_.none ? nullptr : &pass);
    const Bytes pub_file = public_key_file(pub, encoding);
    const std::string id = key_id_hex(pub);
    // Both files written beside their names before either is put in place: one that
    // cannot be written (no such directory, a full disk) leaves the other's old file as
    // it was, which --force would otherwise replace and then remove.
    StagedFile pub_out(pub_path, pub_file, 0644), key_out(key_path, priv_file, 0600);
    pub_out.commit(overwrite());
    try {
      key_out.commit(overwrite());
    } catch (...) {
      if (pub_path != "-") ::unlink(pub_path.c_str());  // no half a key pair left behind
      throw;
    }
    if (g.quiet) {
    } else if (g.json) {
      record["private_key"] = key_path;
      record["public_key"] = pub_path;
      record["key_id"] = id;
      print_json(record);
    } else if (key_path != "-" && pub_path != "-") {
      fmt::print("key id {}\n", id);
    } else {
      fmt::print(stderr, "key id {}\n", id);
    }
    return kExitOk;
  }

  std::string curve_ = "dstu257", out_, pub_, format_ = "armor", pkcs8_ = "uapki", rng_ = "os", convert_, scheme_;
  std::string algo_ = "ec", exponent_, key_encryption_;
  std::size_t bits_ = 3072;
  CLI::Option* curve_option_ = nullptr;
  CLI::Option* bits_option_ = nullptr;
  CLI::Option* exponent_option_ = nullptr;
  CLI::Option* pkcs8_option_ = nullptr;
  CLI::Option* profile_option_ = nullptr;
  CLI::Option* format_option_ = nullptr;
  std::vector<std::string> certs_;
  std::string profile_;
  bool pkcs12_ = false, pkcs1_ = false;
  bool force_ = false, list_ = false, allow_insecure_ = false;
  PassphraseOptions passphrase_;
};

}  // namespace

std::unique_ptr<Command> make_keygen_command() { return std::make_unique<Keygen>(); }

}  // namespace dstu::cli
