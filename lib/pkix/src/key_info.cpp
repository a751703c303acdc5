// PrivateKeyInfo and SubjectPublicKeyInfo envelopes (key_info.hpp).
#include "dstu/pkix/key_info.hpp"

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"

namespace dstu::pkix {
namespace {

/// publicKey [1] IMPLICIT BIT STRING is primitive in DER (0x81); the constructed form
/// some writers use is read too.
constexpr std::uint8_t kPublicKeyPrimitive = 0x81;

AlgorithmIdentifier read_algorithm(der::Reader& outer, const char* what) {
  const der::Element alg = outer.expect(der::kSequence, what);
  der::Reader r(alg.content);
  const der::Element oid = r.expect(der::kOid, what);
  // The OID is the SEQUENCE's first element: the parameters are what follows it.
  return {der::decode_oid(oid.content), alg.content.subspan(oid.encoded.size())};
}

}  // namespace

PrivateKeyInfo read_private_key_info(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "PrivateKeyInfo");
  top.finish("PrivateKeyInfo");
  PrivateKeyInfo info;
  info.version = seq.small_integer("PrivateKeyInfo version");
  if (info.version > 1) throw_invalid("PrivateKeyInfo version " + std::to_string(info.version) + " (0 or 1 expected)");
  info.algorithm = read_algorithm(seq, "privateKeyAlgorithm");
  info.private_key = seq.octet_string_view("privateKey");
  if (!seq.empty() && seq.peek() == der::context(0)) info.attributes = seq.next().content;
  if (!seq.empty() && (seq.peek() == kPublicKeyPrimitive || seq.peek() == der::context(1))) {
    info.public_key = seq.next().content;
  }
  seq.finish("PrivateKeyInfo");
  return info;
}

bool is_private_key_info(std::span<const std::uint8_t> der_bytes) {
  try {
    (void)read_private_key_info(der_bytes);
    return true;
  } catch (const Error&) {
    return false;
  }
}

SubjectPublicKeyInfo read_subject_public_key_info(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "SubjectPublicKeyInfo");
  top.finish("SubjectPublicKeyInfo");
  SubjectPublicKeyInfo spki;
  spki.algorithm = read_algorithm(seq, "AlgorithmIdentifier");
  spki.subject_public_key = seq.bit_string("subjectPublicKey");
  seq.finish("SubjectPublicKeyInfo");
  return spki;
}

Bytes write_algorithm_identifier(std::string_view oid, std::span<const std::uint8_t> parameters) {
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(oid);
  w.raw(parameters);
  w.end();
  return w.finish();
}

SecureBytes write_private_key_info(std::span<const std::uint8_t> algorithm, std::span<const std::uint8_t> private_key) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(std::uint64_t{0});
  w.raw(algorithm);
  w.octet_string(private_key);
  w.end();
  return w.finish_secret();
}

Bytes write_subject_public_key_info(std::span<const std::uint8_t> algorithm,
                                    std::span<const std::uint8_t> subject_public_key) {
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(algorithm);
  w.bit_string(subject_public_key);
  w.end();
  return w.finish();
}

}  // namespace dstu::pkix
