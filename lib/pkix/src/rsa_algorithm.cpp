// RSA's signature AlgorithmIdentifiers read and written (rsa_algorithm.hpp).
#include "rsa_algorithm.hpp"

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"

namespace dstu::pkix::detail {
namespace {

constexpr const char* kOidMgf1 = "1.2.840.113549.1.1.8";
constexpr std::size_t kDefaultSalt = 20;  // RFC 8017 §A.2.3's DEFAULT
// No key dstu reads is longer than 16384 bits, so no salt is longer than this; it also
// keeps a parsed number clear of rsa::kSaltHashLength and rsa::kSaltAny.
constexpr std::size_t kMaxSalt = 16384 / 8;

struct Sha2 {
  const char* name;
  const char* digest_oid;        // RFC 5754 §2
  const char* pkcs1_oid;         // RFC 8017 §A.2.4
  const char* label;
  std::size_t size;
};

constexpr Sha2 kSha2[] = {
    {"sha224", "2.16.840.1.101.3.4.2.4", "1.2.840.113549.1.1.14", "SHA-224", 28},
    {"sha256", "2.16.840.1.101.3.4.2.1", "1.2.840.113549.1.1.11", "SHA-256", 32},
    {"sha384", "2.16.840.1.101.3.4.2.2", "1.2.840.113549.1.1.12", "SHA-384", 48},
    {"sha512", "2.16.840.1.101.3.4.2.3", "1.2.840.113549.1.1.13", "SHA-512", 64},
};

const Sha2* sha2_by_name(std::string_view name) {
  for (const Sha2& h : kSha2) {
    if (name == h.name) return &h;
  }
  return nullptr;
}

/// PKCS#1 v1.5's parameters: NULL or absent (RFC 4055 §5 asks for NULL; absent is read too).
void check_null_or_absent(std::span<const std::uint8_t> parameters, const char* what) {
  if (parameters.empty()) return;
  der::Reader r(parameters);
  if (r.expect(der::kNull, what).content.size() != 0) throw_invalid(std::string(what) + " are not NULL");
  r.finish(what);
}

/// A HashAlgorithm (an AlgorithmIdentifier with NULL or absent parameters), by name.
std::string read_hash(der::Reader& r, const char* what) {
  der::Reader alg = r.enter(der::kSequence, what);
  const std::string oid = alg.oid(what);
  if (!alg.empty()) {
    if (alg.expect(der::kNull, what).content.size() != 0) throw_invalid(std::string(what) + " parameters are not NULL");
  }
  alg.finish(what);
  for (const Sha2& h : kSha2) {
    if (oid == h.digest_oid) return h.name;
  }
  throw Error(Errc::unsupported, std::string("RSASSA-PSS with ") + what + " " + oid + " (dstu takes SHA-2)");
}

RsaSignatureAlgorithm read_pss(std::span<const std::uint8_t> parameters) {
  if (parameters.empty()) throw Error(Errc::unsupported, "RSASSA-PSS with its default hash, SHA-1 (dstu takes SHA-2)");
  der::Reader top(parameters);
  der::Reader seq = top.enter(der::kSequence, "RSASSA-PSS-params");
  top.finish("RSASSA-PSS-params");
  RsaSignatureAlgorithm alg;
  alg.scheme.padding = rsa::Padding::pss;
  alg.scheme.salt_len = kDefaultSalt;
  if (seq.empty() || seq.peek() != der::context(0)) {
    throw Error(Errc::unsupported, "RSASSA-PSS with its default hash, SHA-1 (dstu takes SHA-2)");
  }
  der::Reader hash = seq.enter(der::context(0), "hashAlgorithm");
  alg.hash = read_hash(hash, "hashAlgorithm");
  hash.finish("hashAlgorithm");
  if (seq.empty() || seq.peek() != der::context(1)) {
    throw Error(Errc::unsupported, "RSASSA-PSS with its default mask generation, MGF1 with SHA-1");
  }
  der::Reader mgf_outer = seq.enter(der::context(1), "maskGenAlgorithm");
  der::Reader mgf = mgf_outer.enter(der::kSequence, "maskGenAlgorithm");
  mgf_outer.finish("maskGenAlgorithm");
  const std::string mgf_oid = mgf.oid("maskGenAlgorithm");
  if (mgf_oid != kOidMgf1) throw Error(Errc::unsupported, "RSASSA-PSS with mask generation " + mgf_oid + " (dstu takes MGF1)");
  const std::string mgf_hash = read_hash(mgf, "MGF1's hash");
  mgf.finish("maskGenAlgorithm");
  if (mgf_hash != alg.hash) {
    throw Error(Errc::unsupported, "RSASSA-PSS with MGF1 over another hash than the message's (" + mgf_hash + ")");
  }
  if (!seq.empty() && seq.peek() == der::context(2)) {
    der::Reader salt = seq.enter(der::context(2), "saltLength");
    const std::uint64_t n = salt.small_integer("saltLength");
    salt.finish("saltLength");
    if (n > kMaxSalt) throw_invalid("RSASSA-PSS saltLength " + std::to_string(n) + " is longer than any key's block");
    alg.scheme.salt_len = static_cast<std::size_t>(n);
  }
  if (!seq.empty() && seq.peek() == der::context(3)) {
    der::Reader trailer = seq.enter(der::context(3), "trailerField");
    if (trailer.small_integer("trailerField") != 1) throw_invalid("RSASSA-PSS trailerField is not 1 (trailerFieldBC)");
    trailer.finish("trailerField");
  }
  seq.finish("RSASSA-PSS-params");
  return alg;
}

void hash_identifier(der::Writer& w, const Sha2& h) {
  w.begin(der::kSequence);
  w.oid(h.digest_oid);
  w.null();
  w.end();
}

}  // namespace

std::optional<RsaSignatureAlgorithm> read_rsa_signature_algorithm(std::string_view oid,
                                                                  std::span<const std::uint8_t> parameters) {
  if (oid == kOidRsassaPss) return read_pss(parameters);
  for (const Sha2& h : kSha2) {
    if (oid == h.pkcs1_oid) {
      check_null_or_absent(parameters, "sha-2WithRSAEncryption parameters");
      return RsaSignatureAlgorithm{{rsa::Padding::pkcs1v15, rsa::kSaltHashLength}, h.name};
    }
  }
  return std::nullopt;
}

const char* pkcs1_signature_oid(std::string_view hash) {
  const Sha2* h = sha2_by_name(hash);
  return h != nullptr ? h->pkcs1_oid : nullptr;
}

Bytes cms_signature_algorithm(const rsa::Scheme& scheme, std::string_view hash) {
  const Sha2* h = sha2_by_name(hash);
  if (h == nullptr) throw_invalid("an RSA key signs CMS with sha224/256/384/512, not " + std::string(hash));
  der::Writer w;
  w.begin(der::kSequence);
  if (scheme.padding == rsa::Padding::pkcs1v15) {
    w.oid(kOidRsaEncryption);
    w.null();
    w.end();
    return w.finish();
  }
  if (scheme.salt_len == rsa::kSaltAny) throw_invalid("a PSS signature is made with one salt length, not any");
  const std::size_t salt = scheme.salt_len == rsa::kSaltHashLength ? h->size : scheme.salt_len;
  w.oid(kOidRsassaPss);
  w.begin(der::kSequence);
  w.begin(der::context(0));
  hash_identifier(w, *h);
  w.end();
  w.begin(der::context(1));
  w.begin(der::kSequence);
  w.oid(kOidMgf1);
  hash_identifier(w, *h);
  w.end();
  w.end();
  if (salt != kDefaultSalt) {
    w.begin(der::context(2));
    w.integer(salt);
    w.end();
  }
  w.end();
  w.end();
  return w.finish();
}

std::string rsa_algorithm_name(const RsaSignatureAlgorithm& alg) {
  const Sha2* h = sha2_by_name(alg.hash);
  const std::string hash = h != nullptr ? h->label : alg.hash;
  if (alg.scheme.padding == rsa::Padding::pkcs1v15) return "RSA PKCS#1 v1.5 with " + hash;
  const std::size_t salt = alg.scheme.salt_len == rsa::kSaltHashLength && h != nullptr ? h->size : alg.scheme.salt_len;
  return "RSASSA-PSS with " + hash + " (salt " + std::to_string(salt) + ")";
}

}  // namespace dstu::pkix::detail
