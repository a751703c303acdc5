// RSA keys in PKCS#1, PrivateKeyInfo and SubjectPublicKeyInfo (rsa_key.hpp).
#include "dstu/pkix/rsa_key.hpp"

#include <vector>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/sha2.hpp"

namespace dstu::pkix {
namespace {

/// RFC 8017 §A.1.2: version 0 is two-prime, version 1 has otherPrimeInfos.
constexpr std::uint64_t kTwoPrime = 0;
constexpr std::uint64_t kMultiPrime = 1;

Bytes algorithm() {
  der::Writer params;
  params.null();
  return write_algorithm_identifier(kOidRsaEncryption, params.finish());
}

void check_algorithm(const AlgorithmIdentifier& alg) {
  if (alg.oid != kOidRsaEncryption) throw_invalid("not an RSA key (algorithm is not rsaEncryption)");
  // RFC 4055 §1.2: the parameters MUST be present and MUST be NULL.
  der::Reader params(alg.parameters);
  if (params.empty() || params.expect(der::kNull, "rsaEncryption parameters").content.size() != 0) {
    throw_invalid("rsaEncryption parameters are not NULL");
  }
  params.finish("rsaEncryption parameters");
}

/// A secret integer written from a Nat: its octets wiped once written.
void write_secret(der::Writer& w, const mp::Nat& x) {
  std::vector<std::uint8_t> be = x.to_bytes_be();
  w.integer(be);
  secure_wipe(be.data(), be.size());
}

void write_public(der::Writer& w, const mp::Nat& x) { w.integer(x.to_bytes_be()); }

/// The next INTEGER of an RSA structure as a Nat (public or secret: the view is never
/// copied but into the Nat, which the key wipes). None is longer than the largest modulus
/// (and a sign octet): a file of a few megabytes must not reach the key checks' products.
mp::Nat read_nat(der::Reader& r, const char* what) {
  const std::span<const std::uint8_t> octets = r.integer_view(what);
  if (octets.size() > rsa::kMaxBits / 8 + 1) throw_invalid(std::string(what) + ": longer than a 16384-bit RSA key holds");
  return mp::Nat::from_bytes_be(octets);
}

}  // namespace

SecureBytes encode_pkcs1(const rsa::PrivateKey& key) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(kTwoPrime);
  write_public(w, key.n);
  write_public(w, key.e);
  for (const mp::Nat* x : {&key.d, &key.p, &key.q, &key.dp, &key.dq, &key.qinv}) write_secret(w, *x);
  w.end();
  return w.finish_secret();
}

Bytes encode_pkcs1(const rsa::PublicKey& key) {
  der::Writer w;
  w.begin(der::kSequence);
  write_public(w, key.n);
  write_public(w, key.e);
  w.end();
  return w.finish();
}

SecureBytes encode_pkcs8(const rsa::PrivateKey& key) { return write_private_key_info(algorithm(), encode_pkcs1(key)); }

Bytes encode_spki(const rsa::PublicKey& key) { return write_subject_public_key_info(algorithm(), encode_pkcs1(key)); }

rsa::PrivateKey decode_pkcs1_private_key(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "RSAPrivateKey");
  top.finish("RSAPrivateKey");
  const std::uint64_t version = seq.small_integer("RSAPrivateKey version");
  if (version == kMultiPrime) {
    throw Error(Errc::unsupported,
                "multi-prime RSA key (RSAPrivateKey version 1, RFC 8017 §A.1.2): only two-prime keys are supported");
  }
  if (version != kTwoPrime) throw_invalid("RSAPrivateKey version " + std::to_string(version) + " (0 expected)");
  rsa::PrivateKey key;
  key.n = read_nat(seq, "modulus");
  key.e = read_nat(seq, "publicExponent");
  key.d = read_nat(seq, "privateExponent");
  key.p = read_nat(seq, "prime1");
  key.q = read_nat(seq, "prime2");
  key.dp = read_nat(seq, "exponent1");
  key.dq = read_nat(seq, "exponent2");
  key.qinv = read_nat(seq, "coefficient");
  if (!seq.empty()) throw_invalid("RSAPrivateKey version 0 with more after its coefficient (otherPrimeInfos?)");
  rsa::check_key(key);
  return key;
}

rsa::PublicKey decode_pkcs1_public_key(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "RSAPublicKey");
  top.finish("RSAPublicKey");
  rsa::PublicKey key;
  key.n = read_nat(seq, "modulus");
  key.e = read_nat(seq, "publicExponent");
  seq.finish("RSAPublicKey");
  rsa::check_public_key(key);
  return key;
}

rsa::PrivateKey rsa_private_key(const PrivateKeyInfo& info) {
  check_algorithm(info.algorithm);
  // RFC 5958's attributes and publicKey, which OpenSSL does not write, are not read.
  return decode_pkcs1_private_key(info.private_key);
}

rsa::PublicKey rsa_public_key(const SubjectPublicKeyInfo& spki) {
  check_algorithm(spki.algorithm);
  return decode_pkcs1_public_key(spki.subject_public_key);
}

rsa::PrivateKey decode_rsa_pkcs8(std::span<const std::uint8_t> der_bytes) {
  return rsa_private_key(read_private_key_info(der_bytes));
}

rsa::PublicKey decode_rsa_spki(std::span<const std::uint8_t> der_bytes) {
  return rsa_public_key(read_subject_public_key_info(der_bytes));
}

Bytes key_id(const rsa::PublicKey& key) { return hash::Sha256::hash(256, encode_spki(key)); }

std::string rsa_key_name(const rsa::PublicKey& key) { return "rsa" + std::to_string(key.bits()); }

}  // namespace dstu::pkix
