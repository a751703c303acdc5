// RSA's signature AlgorithmIdentifiers read and written (rsa_algorithm.hpp).
#include "rsa_algorithm.hpp"

#include <array>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "hash_oids.hpp"

namespace dstu::pkix::detail {
namespace {

constexpr const char* kOidMgf1 = "1.2.840.113549.1.1.8";
constexpr std::size_t kDefaultSalt = 20;  // RFC 8017 §A.2.3's DEFAULT
// No key dstu reads is longer than rsa::kMaxBits, so no salt is longer than this; it
// also keeps a parsed number clear of rsa::kSaltHashLength and rsa::kSaltAny.
constexpr std::size_t kMaxSalt = rsa::kMaxBits / 8;

/// PKCS#1 v1.5's parameters: NULL or absent (RFC 4055 §5 asks for NULL; absent is read too).
void check_null_or_absent(std::span<const std::uint8_t> parameters, const char* what) {
  if (parameters.empty()) return;
  der::Reader r(parameters);
  if (r.expect(der::kNull, what).content.size() != 0) throw_invalid(std::string(what) + " are not NULL");
  r.finish(what);
}

constexpr const char* kOidSha1 = "1.3.14.3.2.26";  // RSASSA-PSS-params' DEFAULT hash

/// A HashAlgorithm's OID: an AlgorithmIdentifier with NULL or absent parameters.
std::string read_hash_oid(std::span<const std::uint8_t> encoded, const char* what) {
  der::Reader r(encoded);
  der::Reader alg = r.enter(der::kSequence, what);
  r.finish(what);
  std::string oid = alg.oid(what);
  if (!alg.empty() && alg.expect(der::kNull, what).content.size() != 0) {
    throw_invalid(std::string(what) + " parameters are not NULL");
  }
  alg.finish(what);
  return oid;
}

std::uint64_t read_explicit_integer(const der::Element& field, const char* what) {
  der::Reader r(field.content);
  const std::uint64_t n = r.small_integer(what);
  r.finish(what);
  return n;
}

/// The fields of RSASSA-PSS-params by number, each [0] ... [3] at most once and in
/// order; a missing one is its DEFAULT. Anything else is not RSASSA-PSS-params.
std::array<std::optional<der::Element>, 4> pss_fields(std::span<const std::uint8_t> parameters) {
  // RFC 4055 §3.1: a signature's id-RSASSA-PSS always carries its parameters.
  if (parameters.empty()) throw_invalid("RSASSA-PSS without its parameters");
  der::Reader top(parameters);
  der::Reader seq = top.enter(der::kSequence, "RSASSA-PSS-params");
  top.finish("RSASSA-PSS-params");
  std::array<std::optional<der::Element>, 4> fields;
  int next = 0;
  while (!seq.empty()) {
    const der::Element e = seq.next();
    int i = next;
    while (i < 4 && e.tag != der::context(i)) ++i;
    if (i == 4) throw_invalid("RSASSA-PSS-params holds an unexpected field (tag " + std::to_string(e.tag) + ")");
    fields[i] = e;
    next = i + 1;
  }
  return fields;
}

/// Every field decoded first (what is malformed is invalid), then what dstu does not
/// take refused (unsupported).
RsaSignatureAlgorithm read_pss(std::span<const std::uint8_t> parameters) {
  const auto fields = pss_fields(parameters);
  const std::string hash_oid = fields[0] ? read_hash_oid(fields[0]->content, "hashAlgorithm") : kOidSha1;
  std::string mgf_oid = kOidMgf1, mgf_hash_oid = kOidSha1;
  if (fields[1]) {
    der::Reader outer(fields[1]->content);
    der::Reader mgf = outer.enter(der::kSequence, "maskGenAlgorithm");
    outer.finish("maskGenAlgorithm");
    mgf_oid = mgf.oid("maskGenAlgorithm");
    if (mgf_oid == kOidMgf1) {
      mgf_hash_oid = read_hash_oid(mgf.expect(der::kSequence, "MGF1's hash").encoded, "MGF1's hash");
      mgf.finish("maskGenAlgorithm");
    }
  }
  RsaSignatureAlgorithm alg;
  alg.scheme.padding = rsa::Padding::pss;
  alg.scheme.salt_len = kDefaultSalt;
  if (fields[2]) {
    const std::uint64_t n = read_explicit_integer(*fields[2], "saltLength");
    if (n > kMaxSalt) throw_invalid("RSASSA-PSS saltLength " + std::to_string(n) + " is longer than any key's block");
    alg.scheme.salt_len = static_cast<std::size_t>(n);
  }
  if (fields[3] && read_explicit_integer(*fields[3], "trailerField") != 1) {
    throw_invalid("RSASSA-PSS trailerField is not 1 (trailerFieldBC)");
  }
  const Sha2* hash = sha2_by_digest_oid(hash_oid);
  if (hash == nullptr) {
    throw Error(Errc::unsupported, "RSASSA-PSS with hash " + (hash_oid == kOidSha1 ? std::string("SHA-1") : hash_oid) +
                                       " (dstu takes SHA-2)");
  }
  if (mgf_oid != kOidMgf1) throw Error(Errc::unsupported, "RSASSA-PSS with mask generation " + mgf_oid + " (dstu takes MGF1)");
  if (mgf_hash_oid != hash_oid) {
    throw Error(Errc::unsupported, "RSASSA-PSS with MGF1 over another hash than the message's (" + mgf_hash_oid + ")");
  }
  alg.hash = hash->name;
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
  if (oid == kOidRsaEncryption) {
    // CMS maps rsaEncryption to sha<N>WithRSAEncryption by a SHA-2 digest algorithm
    // (pkcs1_signature_oid); it is here only with another hash, or outside CMS.
    throw Error(Errc::unsupported, "RSA PKCS#1 v1.5 named rsaEncryption takes a SHA-2 digest algorithm's hash");
  }
  for (const Sha2& h : kSha2) {
    if (oid == h.pkcs1_oid) {
      check_null_or_absent(parameters, "RSA PKCS#1 v1.5 parameters");
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
  const std::size_t salt = rsa::salt_octets(scheme.salt_len, hash);
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
  const std::size_t salt = h != nullptr ? rsa::salt_octets(alg.scheme.salt_len, h->name) : alg.scheme.salt_len;
  return "RSASSA-PSS with " + hash + " (salt " + std::to_string(salt) + ")";
}

}  // namespace dstu::pkix::detail
