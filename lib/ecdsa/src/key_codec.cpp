// PKCS#8, SEC 1 and SubjectPublicKeyInfo encodings of GF(p) keys (key_codec.hpp).
#include "dstu/ecdsa/key_codec.hpp"

#include <array>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"

namespace dstu::ecdsa {
namespace {

const char* algorithm_oid(Scheme s) { return s == Scheme::ecdsa ? kOidEcPublicKey : kOidEcgPublicKey; }

std::size_t d_octets(const Group& c) { return c.order_octets(); }

void write_algorithm(der::Writer& w, Scheme s, const Group& c) {
  w.begin(der::kSequence);
  w.oid(algorithm_oid(s));
  w.oid(c.oid());
  w.end();
}

/// The ECPrivateKey SEQUENCE, with or without the [0] curve.
void write_ec_private_key(der::Writer& w, Scheme s, const PrivateKey& key, bool with_curve) {
  const Group& c = key.group();
  std::array<std::uint8_t, 8 * Scalar::kLimbs> d{};
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
  w.bit_string(c.encode_point(public_key(s, key).q, false));
  w.end();
  w.end();
}

/// The scheme named by an algorithm OID, if it is one of ours.
std::optional<Scheme> scheme_of(const std::string& oid) {
  if (oid == kOidEcPublicKey) return Scheme::ecdsa;
  if (oid == kOidEcgPublicKey) return Scheme::ecgdsa;
  return std::nullopt;
}

const Group& curve_of(der::Reader& r) {
  if (r.empty() || r.peek() != der::kOid) {
    throw Error(Errc::unsupported, "EC key with explicit curve parameters (only named curves are supported)");
  }
  const std::string oid = r.oid("namedCurve");
  return Group::named(oid);
}

/// Reads an AlgorithmIdentifier of ours: the scheme and the curve.
std::pair<Scheme, const Group*> read_algorithm(der::Reader& outer) {
  der::Reader alg = outer.enter(der::kSequence, "AlgorithmIdentifier");
  const auto scheme = scheme_of(alg.oid("algorithm"));
  if (!scheme) throw_invalid("not an EC key (algorithm is neither id-ecPublicKey nor ecgPublicKey)");
  const Group& c = curve_of(alg);
  alg.finish("AlgorithmIdentifier");
  return {*scheme, &c};
}

/// An ECPrivateKey for curve c (or the curve it names when c is null), checked against
/// its public key when it carries one.
PrivateKey read_ec_private_key(std::span<const std::uint8_t> der_bytes, Scheme s, const Group* c) {
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
  Scalar d;
  d.set_bytes_be(d_bytes);
  ScopedWipe wipe_d(d);
  PrivateKey key(*c, d);
  if (!seq.empty() && seq.peek() == der::context(1)) {
    der::Reader pub = seq.enter(der::context(1), "ECPrivateKey publicKey");
    const Point q = c->decode_point(pub.bit_string("publicKey"));
    pub.finish("ECPrivateKey publicKey");
    if (!c->same_point(q, public_key(s, key).q)) {
      throw_invalid("the public key in the private key file does not belong to its private key");
    }
  }
  seq.finish("ECPrivateKey");
  return key;
}

bool has_our_algorithm(std::span<const std::uint8_t> der_bytes, bool private_info) {
  try {
    der::Reader top(der_bytes);
    der::Reader seq = top.enter(der::kSequence, "key");
    if (private_info) {
      if (seq.peek() != der::kInteger) return false;
      seq.next();
    }
    der::Reader alg = seq.enter(der::kSequence, "AlgorithmIdentifier");
    return scheme_of(alg.oid("algorithm")).has_value();
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

SecureBytes encode_pkcs8(Scheme scheme, const PrivateKey& key) {
  der::Writer inner;
  write_ec_private_key(inner, scheme, key, false);
  const SecureBytes ec_private_key = inner.finish_secret();
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(0);
  write_algorithm(w, scheme, key.group());
  w.octet_string(ec_private_key);
  w.end();
  return w.finish_secret();
}

SecureBytes encode_sec1(const PrivateKey& key) {
  der::Writer w;
  write_ec_private_key(w, Scheme::ecdsa, key, true);
  return w.finish_secret();
}

Bytes encode_spki(Scheme scheme, const PublicKey& key) {
  der::Writer w;
  w.begin(der::kSequence);
  write_algorithm(w, scheme, *key.group);
  w.bit_string(key.group->encode_point(key.q, false));
  w.end();
  return w.finish();
}

bool is_ec_pkcs8(std::span<const std::uint8_t> der_bytes) { return has_our_algorithm(der_bytes, true); }
bool is_ec_spki(std::span<const std::uint8_t> der_bytes) { return has_our_algorithm(der_bytes, false); }

bool is_ec_sec1(std::span<const std::uint8_t> der_bytes) {
  try {
    der::Reader top(der_bytes);
    der::Reader seq = top.enter(der::kSequence, "ECPrivateKey");
    if (seq.empty() || seq.peek() != der::kInteger || seq.small_integer("version") != 1) return false;
    return !seq.empty() && seq.peek() == der::kOctetString;
  } catch (const Error&) {
    return false;
  }
}

SchemeKey decode_pkcs8(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "PrivateKeyInfo");
  top.finish("PrivateKeyInfo");
  const std::uint64_t version = seq.small_integer("PrivateKeyInfo version");
  if (version > 1) throw_invalid("PrivateKeyInfo version " + std::to_string(version));
  const auto [scheme, curve] = read_algorithm(seq);
  const auto inner = seq.octet_string_view("privateKey");
  // RFC 5958 allows attributes [0] and a public key [1] here; OpenSSL writes neither.
  while (!seq.empty()) seq.next();
  return {scheme, read_ec_private_key(inner, scheme, curve)};
}

PrivateKey decode_sec1(std::span<const std::uint8_t> der_bytes) {
  return read_ec_private_key(der_bytes, Scheme::ecdsa, nullptr);
}

SchemePublicKey decode_spki(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "SubjectPublicKeyInfo");
  top.finish("SubjectPublicKeyInfo");
  const auto [scheme, curve] = read_algorithm(seq);
  const Point q = curve->decode_point(seq.bit_string("subjectPublicKey"));
  seq.finish("SubjectPublicKeyInfo");
  return {scheme, PublicKey{curve, q}};
}

}  // namespace dstu::ecdsa
