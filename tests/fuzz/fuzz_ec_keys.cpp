// Fuzz target: the ECDSA/ECGDSA key decoders of lib/pkix and the signature decoders of
// lib/ecdsa (GF(p) and NIST binary curves): PKCS#8 (ECDSA and ECGDSA OIDs), SEC 1
// ECPrivateKey, SubjectPublicKeyInfo, the same through pkix::read_key_file, DER
// ECDSA-Sig-Value, P1363 (on P-256) and SEC 1 points on B-233 (compressed ones too).
// Whatever decodes must re-encode and decode to the same value, and a DER signature that
// decodes must be the canonical encoding of its r and s.
#include <algorithm>
#include <cstdint>

#include "dstu/base/error.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/ecp/point.hpp"

namespace ecdsa = dstu::ecdsa;
namespace pkix = dstu::pkix;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> in(data, size);
  try {
    const ecdsa::SchemeKey k = pkix::decode_ec_pkcs8(in);
    const ecdsa::SchemeKey back = pkix::decode_ec_pkcs8(pkix::encode_pkcs8(k));
    if (back.scheme != k.scheme || !dstu::mp::ct_eq(back.key.d(), k.key.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::PrivateKey k = pkix::decode_sec1(in);
    if (!dstu::mp::ct_eq(pkix::decode_sec1(pkix::encode_sec1(k)).d(), k.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::SchemePublicKey p = pkix::decode_ec_spki(in);
    const ecdsa::SchemePublicKey back = pkix::decode_ec_spki(pkix::encode_spki(p));
    if (back.scheme != p.scheme || !p.key.group->same_point(p.key.q, back.key.q)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    // A key file of an EC key reads to the key its envelope's decoder gives.
    const pkix::KeyFile file = pkix::read_key_file(in, nullptr);
    if (const auto* k = std::get_if<ecdsa::SchemeKey>(&file.key)) {
      const dstu::SecureBytes p8 = pkix::encode_pkcs8(*k);
      if (!dstu::mp::ct_eq(pkix::decode_ec_pkcs8(p8).key.d(), k->key.d())) __builtin_trap();
    }
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::Signature s = ecdsa::decode_der(in);
    const dstu::Bytes again = ecdsa::encode_der(s);
    if (again.size() != size || !std::equal(again.begin(), again.end(), data)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::ecdsa::Group& c = dstu::ecdsa::Group::named("P-256");
    const ecdsa::Signature s = ecdsa::decode_p1363(c, in);
    const dstu::Bytes again = ecdsa::encode_p1363(c, s);
    if (again.size() != size || !std::equal(again.begin(), again.end(), data)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::ecdsa::Group& b233 = dstu::ecdsa::Group::named("B-233");
    const ecdsa::Point q = b233.decode_point(in);
    for (bool compressed : {false, true}) {
      if (!b233.same_point(b233.decode_point(b233.encode_point(q, compressed)), q)) __builtin_trap();
    }
  } catch (const dstu::Error&) {
  }
  return 0;
}
