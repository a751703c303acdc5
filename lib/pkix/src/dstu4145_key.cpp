// DSTU 4145 keys in SubjectPublicKeyInfo and PrivateKeyInfo (dstu4145_key.hpp).
#include "dstu/pkix/dstu4145_key.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/hash/gost34311.hpp"

namespace dstu::pkix {
namespace {

using dstu4145::Dke;

struct Params {
  const ec2m::Curve* curve = nullptr;
  std::optional<Dke> dke;
};

[[noreturn]] void bad(const std::string& what) { throw_invalid("DSTU 4145 key: " + what); }

bool algorithm_is_le(const std::string& oid) {
  if (oid == kOidDstu4145Le) return true;
  if (oid == kOidDstu4145Be) return false;
  bad("algorithm " + oid + " is not DSTU 4145 (polynomial basis)");
}

/// The named curve with these explicit ECBinary parameters.
const ec2m::Curve& match_explicit(der::Reader ecb, bool le) {
  if (!ecb.empty() && ecb.peek() == der::context(0)) {
    der::Reader v = ecb.enter(der::context(0), "ECBinary version");
    if (v.small_integer("version") != 0) bad("unknown ECBinary version");
  }
  der::Reader field = ecb.enter(der::kSequence, "BinaryField");
  std::vector<int> exps{static_cast<int>(field.small_integer("m"))};
  if (!field.empty()) {
    if (field.peek() == der::kInteger) {
      exps.push_back(static_cast<int>(field.small_integer("trinomial")));
    } else {
      der::Reader p = field.enter(der::kSequence, "pentanomial");
      for (const char* w : {"k", "j", "l"}) exps.push_back(static_cast<int>(p.small_integer(w)));
    }
  }
  exps.push_back(0);
  std::sort(exps.rbegin(), exps.rend());
  const auto a = ecb.small_integer("a");
  Bytes b = ecb.octet_string("b");
  const mp::Nat n = mp::Nat::from_bytes_be(ecb.integer("n"));
  Bytes bp = ecb.octet_string("bp");
  if (!le) {
    std::reverse(b.begin(), b.end());
    std::reverse(bp.begin(), bp.end());
  }
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    const auto ce = c->field().exponents();
    if (!std::equal(exps.begin(), exps.end(), ce.begin(), ce.end()) || c->a() != a || c->order() != n) continue;
    if (b != gf2m::to_bytes_le(c->field(), c->b())) continue;
    if (bp != ec2m::compress_le(*c, c->generator())) continue;
    return *c;
  }
  throw Error(Errc::unsupported, "DSTU 4145 key: explicit curve parameters that are not a named DSTU 4145 curve");
}

/// The AlgorithmIdentifier's parameters: DSTU4145Params or a bare curve OID.
Params read_params(std::span<const std::uint8_t> encoded, bool le) {
  Params p;
  der::Reader alg(encoded);
  if (alg.empty()) bad("algorithm parameters missing");
  if (alg.peek() == der::kOid) {
    p.curve = &ec2m::Curve::named(alg.oid("curve"));
    alg.finish("AlgorithmIdentifier");
    return p;
  }
  der::Reader params = alg.enter(der::kSequence, "DSTU4145Params");
  alg.finish("AlgorithmIdentifier");
  if (params.peek() == der::kOid) {
    p.curve = &ec2m::Curve::named(params.oid("curve"));
  } else {
    p.curve = &match_explicit(params.enter(der::kSequence, "ECBinary"), le);
  }
  if (!params.empty()) {
    const Bytes dke = params.octet_string("dke");
    if (dke.size() != 64) bad("DKE must be 64 octets");
    p.dke.emplace();
    std::copy(dke.begin(), dke.end(), p.dke->begin());
  }
  params.finish("DSTU4145Params");
  return p;
}

/// The AlgorithmIdentifier: under the LE OID with DSTU4145Params, under the BE OID (the
/// BouncyCastle form of a private key) with the bare curve OID.
Bytes algorithm(const ec2m::Curve& c, const std::optional<Dke>& dke, bool le) {
  if (c.oid().empty()) throw Error(Errc::unsupported, "only keys on named curves can be encoded");
  der::Writer params;
  if (le) {
    params.begin(der::kSequence);
    params.oid(c.oid());
    if (dke) params.octet_string(*dke);
    params.end();
  } else {
    params.oid(c.oid());
  }
  return write_algorithm_identifier(le ? kOidDstu4145Le : kOidDstu4145Be, params.finish());
}

/// d from the PKCS#8 privateKey octets. The layout is decided by the algorithm OID and
/// the public DER structure, never by the octets of d: under the little-endian OID the
/// octets are d itself, little-endian (UAPKI, Cryptonite, jkurwa, and BouncyCastle's
/// LE form), and are never looked at; under the big-endian OID they are a DER
/// structure, BouncyCastle's ECPrivateKey ::= SEQUENCE { INTEGER 1, OCTET STRING d, ... }
/// or an INTEGER d (older BouncyCastle), told apart by the tag.
///
/// d is taken mod n, as jkurwa and BouncyCastle take it when they sign: jkurwa draws d
/// from ceil(L(n)/8) random octets without reducing it, so on dstu257 (n just above
/// 2^255) about half of its keys have d >= n. d = 0 mod n is no key and is refused.
ec2m::Scalar read_d(const ec2m::Curve& curve, std::span<const std::uint8_t> content, bool le) {
  SecureBytes bytes;
  if (le) {
    bytes.assign(content.begin(), content.end());
  } else {
    der::Reader top(content);
    std::span<const std::uint8_t> be;  // a view into content: d is never copied outside wiping memory
    if (!top.empty() && top.peek() == der::kSequence) {
      der::Reader ecpk = top.enter(der::kSequence, "ECPrivateKey");
      if (ecpk.small_integer("ECPrivateKey version") != 1) bad("unknown ECPrivateKey version");
      be = ecpk.octet_string_view("ECPrivateKey d");
    } else {
      be = top.integer_view("d");
    }
    top.finish("privateKey");
    bytes.assign(be.rbegin(), be.rend());  // to little-endian
  }
  ec2m::Scalar d;
  const ScopedWipe wipe_d(d);  // a refused value may have been partly copied in
  if (bytes.empty() || !d.set_bytes_le(bytes)) bad("private key value has a bad length");
  ec2m::Scalar out = curve.scalar_field().reduce(d);
  bool zero = mp::ct_is_zero(out) != 0;
  ct::unpoison(&zero, sizeof zero);  // a key that is no key is reported, not hidden
  if (zero) {
    out.wipe();
    bad("private key value is 0 mod n (not a key)");
  }
  return out;
}

}  // namespace

bool is_dstu4145_algorithm(std::string_view oid) { return oid == kOidDstu4145Le || oid == kOidDstu4145Be; }

Bytes encode_spki(const dstu4145::PublicKey& key) {
  der::Writer point;
  point.octet_string(ec2m::compress_le(*key.curve, key.q));
  return write_subject_public_key_info(algorithm(*key.curve, key.dke, true), point.finish());
}

dstu4145::PublicKey dstu4145_public_key(const SubjectPublicKeyInfo& spki) {
  const bool le = algorithm_is_le(spki.algorithm.oid);
  const Params p = read_params(spki.algorithm.parameters, le);
  der::Reader inner(spki.subject_public_key);
  Bytes point = inner.octet_string("public point");
  inner.finish("public point");
  if (!le) std::reverse(point.begin(), point.end());
  dstu4145::PublicKey key{p.curve, ec2m::decompress_le(*p.curve, point), p.dke};
  if (!dstu4145::valid_public_key(key)) bad("public point is not a point of order n on " + p.curve->name());
  return key;
}

dstu4145::PublicKey decode_dstu4145_spki(std::span<const std::uint8_t> der_bytes) {
  return dstu4145_public_key(read_subject_public_key_info(der_bytes));
}

SecureBytes encode_pkcs8(const dstu4145::PrivateKey& key, Dstu4145Form form) {
  const ec2m::Curve& c = key.curve();
  const std::size_t len = (c.order_bits() + 7) / 8;
  SecureBytes d(len);
  key.d().get_bytes_le(d);
  if (form == Dstu4145Form::uapki) return write_private_key_info(algorithm(c, key.dke(), true), d);
  std::reverse(d.begin(), d.end());
  der::Writer ecpk;
  ecpk.begin(der::kSequence);
  ecpk.integer(std::uint64_t{1});
  ecpk.octet_string(d);
  ecpk.end();
  return write_private_key_info(algorithm(c, std::nullopt, false), ecpk.finish_secret());
}

dstu4145::PrivateKey dstu4145_private_key(const PrivateKeyInfo& info) {
  const bool le = algorithm_is_le(info.algorithm.oid);
  const Params p = read_params(info.algorithm.parameters, le);
  ec2m::Scalar d = read_d(*p.curve, info.private_key, le);
  const ScopedWipe wipe_d(d);  // also when the key is refused
  return dstu4145::PrivateKey(*p.curve, d, p.dke);
}

dstu4145::PrivateKey decode_dstu4145_pkcs8(std::span<const std::uint8_t> der_bytes) {
  return dstu4145_private_key(read_private_key_info(der_bytes));
}

Bytes key_id(const dstu4145::PublicKey& key) {
  der::Writer w;
  w.octet_string(ec2m::compress_le(*key.curve, key.q));
  const auto digest = hash::Gost34311::hash(w.finish());
  return Bytes(digest.begin(), digest.end());
}

}  // namespace dstu::pkix
