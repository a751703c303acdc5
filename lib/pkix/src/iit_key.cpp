// The keys of a PrivateKeyInfo as IIT writes it (container.hpp): the envelope's own key
// and the key-agreement key its attributes may carry.
//
//   attributes [0] IMPLICIT SET OF Attribute { type OID 1.3.6.1.4.1.19398.1.1.2.n, values SET }
//     2.2: SET { SEQUENCE { ECBinary, dke OCTET STRING (64), dke OCTET STRING (64) } }
//          the key-agreement key's curve: DSTU 4145-2002's ECBinary with b and the base
//          point big-endian and the pentanomial's k and l in descending order
//     2.3: SET { BIT STRING } the key-agreement key's d, its bits in reverse order
//          (its octets read backwards, each octet's bits too, are d big-endian)
//     2.1, 2.4-2.7: identifiers and wrapped values this reader does not need
//
// Secret: d (the attribute's octets, viewed in place, and its reversal, in wiping memory).
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "container_internal.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidCurve = "1.3.6.1.4.1.19398.1.1.2.2";
constexpr const char* kOidKey = "1.3.6.1.4.1.19398.1.1.2.3";

/// The attributes' values of the two OIDs, encoded (the first value of each).
struct Attributes {
  std::span<const std::uint8_t> curve;
  std::span<const std::uint8_t> key;  ///< d's octets, bits reversed (secret)
};

/// The octets of d (bits reversed) in the key attribute's value: a BIT STRING (IIT; its
/// unused bits are the last octet's low bits, which the reversal makes d's highest: IIT
/// leaves them 0, and every octet is taken whole) or an OCTET STRING.
std::span<const std::uint8_t> reversed_d(const der::Element& value) {
  if (value.tag == der::kOctetString && !value.content.empty()) return value.content;
  if (value.tag == der::kBitString && value.content.size() >= 2 && value.content[0] <= 7) {
    return value.content.subspan(1);
  }
  throw_invalid("IIT key-agreement key: d is neither a BIT STRING nor an OCTET STRING");
}

Attributes read_attributes(std::span<const std::uint8_t> content) {
  Attributes a;
  der::Reader attrs(content);
  while (!attrs.empty()) {
    der::Reader attr = attrs.enter(der::kSequence, "attribute");
    const std::string oid = attr.oid("attribute type");
    der::Reader values = attr.enter(0x31, "attribute values");
    attr.finish("attribute");
    if (values.empty()) continue;
    const der::Element first = values.next();
    if (oid == kOidCurve) a.curve = first.encoded;
    if (oid == kOidKey) a.key = reversed_d(first);
  }
  return a;
}

std::uint8_t reverse_bits(std::uint8_t b) {
  b = static_cast<std::uint8_t>((b & 0xf0) >> 4 | (b & 0x0f) << 4);
  b = static_cast<std::uint8_t>((b & 0xcc) >> 2 | (b & 0x33) << 2);
  return static_cast<std::uint8_t>((b & 0xaa) >> 1 | (b & 0x55) << 1);
}

/// The key-agreement key: its curve and DKE as DSTU4145Params under the big-endian OID
/// (whose ECBinary is read with b and the base point big-endian, and whose explicit
/// parameters are matched to the named curves whatever the order of the pentanomial's
/// exponents), d as the ECPrivateKey that OID's privateKey may be.
dstu4145::PrivateKey agreement_key(const Attributes& a) {
  der::Reader curve_value(a.curve);
  der::Reader spec = curve_value.enter(der::kSequence, "key-agreement curve");
  curve_value.finish("key-agreement curve");
  const der::Element ecbinary = spec.expect(der::kSequence, "key-agreement ECBinary");
  const auto dke = spec.octet_string_view("key-agreement DKE");
  der::Writer params;
  params.begin(der::kSequence);
  params.raw(ecbinary.encoded);
  params.octet_string(dke);
  params.end();
  const Bytes parameters = params.finish();

  const auto bits = a.key;
  SecureBytes be(bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) be[bits.size() - 1 - i] = reverse_bits(bits[i]);
  // ECPrivateKey { 1, d as an OCTET STRING of its full width }: unlike an INTEGER, whose
  // minimal form would depend on d's leading zeros, nothing here looks at d's value (the
  // decoder refuses d = 0 mod n in constant time).
  der::Writer d;
  d.begin(der::kSequence);
  d.integer(std::uint64_t{1});
  d.octet_string(be);
  d.end();
  const SecureBytes private_key = d.finish_secret();

  PrivateKeyInfo info;
  info.algorithm.oid = kOidDstu4145Be;
  info.algorithm.parameters = parameters;
  info.private_key = private_key;
  return dstu4145_private_key(info);
}

}  // namespace

namespace detail {

void mark_iit_secrets(std::span<const std::uint8_t> private_key_info) {
  const PrivateKeyInfo info = read_private_key_info(private_key_info);
  // Under the little-endian OID the privateKey octets are d; other layouts wrap d in DER
  // whose tags are public, and their decoders are checked with d alone marked.
  if (info.algorithm.oid == kOidDstu4145Le) ct::poison(info.private_key.data(), info.private_key.size());
  const Attributes a = read_attributes(info.attributes);
  ct::poison(a.key.data(), a.key.size());
}

}  // namespace detail

std::vector<AnyPrivateKey> iit_private_keys(std::span<const std::uint8_t> private_key_info) {
  std::vector<AnyPrivateKey> keys;
  keys.push_back(decode_pkcs8(private_key_info));
  const PrivateKeyInfo info = read_private_key_info(private_key_info);
  const Attributes a = read_attributes(info.attributes);
  if (a.curve.empty() != a.key.empty()) {
    throw_invalid("IIT key-agreement key: a curve without a key or a key without a curve");
  }
  if (!a.curve.empty()) keys.emplace_back(agreement_key(a));
  return keys;
}

}  // namespace dstu::pkix
