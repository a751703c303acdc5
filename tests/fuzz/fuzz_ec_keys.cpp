// Fuzz target: the key and signature decoders of lib/ecdsa (GF(p) and NIST binary
// curves): PKCS#8 (ECDSA and ECGDSA OIDs), SEC 1 ECPrivateKey, SubjectPublicKeyInfo, DER
// ECDSA-Sig-Value, P1363 (on P-256) and SEC 1 points on B-233 (compressed ones too).
// Whatever decodes must re-encode and decode to the same value, and a DER signature that
// decodes must be the canonical encoding of its r and s.
#include <algorithm>
#include <cstdint>

#include "dstu/base/error.hpp"
#include "dstu/ecdsa/key_codec.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/ecp/point.hpp"

namespace ecdsa = dstu::ecdsa;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> in(data, size);
  try {
    const ecdsa::SchemeKey k = ecdsa::decode_pkcs8(in);
    const ecdsa::SchemeKey back = ecdsa::decode_pkcs8(ecdsa::encode_pkcs8(k.scheme, k.key));
    if (back.scheme != k.scheme || !dstu::mp::ct_eq(back.key.d(), k.key.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::PrivateKey k = ecdsa::decode_sec1(in);
    if (!dstu::mp::ct_eq(ecdsa::decode_sec1(ecdsa::encode_sec1(k)).d(), k.d())) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::SchemePublicKey p = ecdsa::decode_spki(in);
    const ecdsa::SchemePublicKey back = ecdsa::decode_spki(ecdsa::encode_spki(p.scheme, p.key));
    if (back.scheme != p.scheme || !p.key.group->same_point(p.key.q, back.key.q)) __builtin_trap();
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
