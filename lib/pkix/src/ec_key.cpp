// ECDSA and ECGDSA keys in PrivateKeyInfo, SEC 1 and SubjectPublicKeyInfo (ec_key.hpp).
#include "dstu/pkix/ec_key.hpp"

#include <array>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/sha2.hpp"

namespace dstu::pkix {
namespace {

using ecdsa::Group;
using ecdsa::Scheme;

const char* algorithm_oid(Scheme s) { return s == Scheme::ecdsa ? kOidEcPublicKey : kOidEcgPublicKey; }

std::size_t d_octets(const Group& c) { return c.order_octets(); }

Bytes algorithm(Scheme s, const Group& c) {
  der::Writer curve;
  curve.oid(c.oid());
  return write_algorithm_identifier(algorithm_oid(s), curve.finish());
}

/// The ECPrivateKey SEQUENCE, with or without the [0] curve.
void write_ec_private_key(der::Writer& w, Scheme s, const ecdsa::PrivateKey& key, bool with_curve) {
  const Group& c = key.group();
  std::array<std::uint8_t, 8 * ecdsa::Scalar::kLimbs> d{};
  ScopedWipe wipe_d(d);
  const std::span<std::uint8_t> octets(d.data(), d_octets(c));
  key.d().get_bytes_be(octets);
  w.begin(der::kSequence);
  w.integer(1);
  w.octet_string(octets);
  if (with_curve) {
    w.begin(der::context(0));
    w.oid(c.oid());
    w.end();
  }
  w.begin(der::context(1));
  w.bit_string(c.encode_point(ecdsa::public_key(s, key).q, false));
  w.end();
  w.end();
}

const Group& curve_of(der::Reader& r) {
  if (r.empty() || r.peek() != der::kOid) {
    throw Error(Errc::unsupported, "EC key with explicit curve parameters (only named curves are supported)");
  }
  const std::string oid = r.oid("namedCurve");
  return Group::named(oid);
}

/// The scheme and the curve of an AlgorithmIdentifier of ours.
std::pair<Scheme, const Group*> read_algorithm(const AlgorithmIdentifier& alg) {
  const auto scheme = ec_scheme_of(alg.oid);
  if (!scheme) throw_invalid("not an EC key (algorithm is neither id-ecPublicKey nor ecgPublicKey)");
  der::Reader params(alg.parameters);
  const Group& c = curve_of(params);
  params.finish("AlgorithmIdentifier");
  return {*scheme, &c};
}

/// An ECPrivateKey for curve c (or the curve it names when c is null), checked against
/// its public key when it carries one.
ecdsa::PrivateKey read_ec_private_key(std::span<const std::uint8_t> der_bytes, Scheme s, const Group* c) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "ECPrivateKey");
  top.finish("ECPrivateKey");
  if (seq.small_integer("ECPrivateKey version") != 1) throw_invalid("ECPrivateKey version is not 1");
  const auto d_bytes = seq.octet_string_view("privateKey");
  if (!seq.empty() && seq.peek() == der::context(0)) {
    der::Reader params = seq.enter(der::context(0), "ECPrivateKey parameters");
    const Group& named = curve_of(params);
    params.finish("ECPrivateKey parameters");
    if (c != nullptr && c != &named) throw_invalid("ECPrivateKey names another curve than its algorithm");
    c = &named;
  }
  if (c == nullptr) throw_invalid("ECPrivateKey names no curve");
  // RFC 5915 fixes the length at ceil(L(n) / 8) octets, which we write; a shorter d,
  // as some older writers left it when its top octets were zero, is read as OpenSSL
  // reads it (PrivateKey then checks 1 <= d < n).
  if (d_bytes.empty() || d_bytes.size() > d_octets(*c)) {
    throw_invalid("private key of " + std::to_string(d_bytes.size()) + " octets; " + c->name() + " takes " +
                  std::to_string(d_octets(*c)));
  }
  ecdsa::Scalar d;
  d.set_bytes_be(d_bytes);
  ScopedWipe wipe_d(d);
  ecdsa::PrivateKey key(*c, d);
  if (!seq.empty() && seq.peek() == der::context(1)) {
    der::Reader pub = seq.enter(der::context(1), "ECPrivateKey publicKey");
    const ecdsa::Point q = c->decode_point(pub.bit_string("publicKey"));
    pub.finish("ECPrivateKey publicKey");
    if (!c->same_point(q, ecdsa::public_key(s, key).q)) {
      throw_invalid("the public key in the private key file does not belong to its private key");
    }
  }
  seq.finish("ECPrivateKey");
  return key;
}

}  // namespace

std::optional<Scheme> ec_scheme_of(std::string_view oid) {
  if (oid == kOidEcPublicKey) return Scheme::ecdsa;
  if (oid == kOidEcgPublicKey) return Scheme::ecgdsa;
  return std::nullopt;
}

SecureBytes encode_pkcs8(const ecdsa::SchemeKey& key) {
  der::Writer inner;
  write_ec_private_key(inner, key.scheme, key.key, false);
  return write_private_key_info(algorithm(key.scheme, key.key.group()), inner.finish_secret());
}

SecureBytes encode_sec1(const ecdsa::PrivateKey& key) {
  der::Writer w;
  write_ec_private_key(w, Scheme::ecdsa, key, true);
  return w.finish_secret();
}

Bytes encode_spki(const ecdsa::SchemePublicKey& key) {
  const Group& c = *key.key.group;
  return write_subject_public_key_info(algorithm(key.scheme, c), c.encode_point(key.key.q, false));
}

ecdsa::SchemeKey ec_private_key(const PrivateKeyInfo& info) {
  const auto [scheme, curve] = read_algorithm(info.algorithm);
  // RFC 5958's attributes and publicKey, which OpenSSL does not write, are not read.
  return {scheme, read_ec_private_key(info.private_key, scheme, curve)};
}

ecdsa::SchemePublicKey ec_public_key(const SubjectPublicKeyInfo& spki) {
  const auto [scheme, curve] = read_algorithm(spki.algorithm);
  return {scheme, ecdsa::PublicKey{curve, curve->decode_point(spki.subject_public_key)}};
}

ecdsa::SchemeKey decode_ec_pkcs8(std::span<const std::uint8_t> der_bytes) {
  return ec_private_key(read_private_key_info(der_bytes));
}

ecdsa::SchemePublicKey decode_ec_spki(std::span<const std::uint8_t> der_bytes) {
  return ec_public_key(read_subject_public_key_info(der_bytes));
}

ecdsa::PrivateKey decode_sec1(std::span<const std::uint8_t> der_bytes) {
  return read_ec_private_key(der_bytes, Scheme::ecdsa, nullptr);
}

Bytes key_id(const ecdsa::SchemePublicKey& key) { return hash::Sha256::hash(256, encode_spki(key)); }

}  // namespace dstu::pkix
