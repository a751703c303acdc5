// Fuzz target: the GF(p) key and signature decoders of lib/ecdsa: PKCS#8 (ECDSA and
// ECGDSA OIDs), SEC 1 ECPrivateKey, SubjectPublicKeyInfo, DER ECDSA-Sig-Value and P1363
// (on P-256). Whatever decodes must re-encode and decode to the same value, and a DER
// signature that decodes must be the canonical encoding of its r and s.
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
    if (back.scheme != p.scheme || !dstu::ecp::same_point(*p.key.curve, p.key.q, back.key.q)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const ecdsa::Signature s = ecdsa::decode_der(in);
    const dstu::Bytes again = ecdsa::encode_der(s);
    if (again.size() != size || !std::equal(again.begin(), again.end(), data)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  try {
    const dstu::ecp::Curve& c = dstu::ecp::Curve::named("P-256");
    const ecdsa::Signature s = ecdsa::decode_p1363(c, in);
    const dstu::Bytes again = ecdsa::encode_p1363(c, s);
    if (again.size() != size || !std::equal(again.begin(), again.end(), data)) __builtin_trap();
  } catch (const dstu::Error&) {
  }
  return 0;
}
