// Test support for the key container tests (test_container_*.cpp): the fixtures of
// test-vectors/pki/containers (the target defines DSTU_CONTAINER_FIXTURES, the
// directory), the fault a read throws, a certificate's SubjectPublicKeyInfo taken out
// with the DER reader (only the fields before it are stepped over: no certificate
// parser), a signature made and verified with a key, and the refusal of every
// truncation.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <variant>

#include "dstu/base/bytes.hpp"
#include "dstu/base/der.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::test {

inline Bytes container_fixture(const std::string& name) {
  std::ifstream in(std::string(DSTU_CONTAINER_FIXTURES) + "/" + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

inline Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

/// The fault of what f throws (fails the test if f reads, or throws something else).
template <class F>
pkix::ContainerFault fault_of(F&& f) {
  try {
    f();
  } catch (const pkix::ContainerError& e) {
    return e.fault();
  }
  FAIL("read without error");
  return pkix::ContainerFault::unsupported;
}

/// The SubjectPublicKeyInfo DER of an X.509 certificate: the seventh field of its
/// TBSCertificate counting the optional [0] version (RFC 5280 §4.1).
inline Bytes certificate_spki(const Bytes& certificate) {
  der::Reader top(certificate);
  der::Reader cert = top.enter(der::kSequence, "Certificate");
  der::Reader tbs = cert.enter(der::kSequence, "TBSCertificate");
  if (tbs.peek() == der::context(0)) tbs.next();
  for (const char* field : {"serialNumber", "signature", "issuer", "validity", "subject"}) {
    (void)field;
    tbs.next();
  }
  const auto spki = tbs.expect(der::kSequence, "subjectPublicKeyInfo");
  return Bytes(spki.encoded.begin(), spki.encoded.end());
}

/// Whether the key and the certificate's key are the same public key.
inline bool certifies(const Bytes& certificate, const pkix::AnyPrivateKey& key) {
  const pkix::AnyPublicKey pub = pkix::decode_spki(certificate_spki(certificate));
  return pkix::key_id(pub) == pkix::key_id(pkix::public_key(key));
}

/// A DSTU 4145 signature made with the key over a digest verifies under its public key
/// (and not over another digest).
inline bool signs(const pkix::AnyPrivateKey& any) {
  const auto* key = std::get_if<dstu4145::PrivateKey>(&any);
  REQUIRE(key != nullptr);
  rng::ChaCha20Drbg nonces(28, 1);
  const auto digest = hash::Gost34311::hash(text("container test"));
  const dstu4145::Signature sig = dstu4145::sign_digest(*key, digest, nonces, 1);
  auto other = digest;
  other[0] ^= 1;
  return dstu4145::verify_digest(key->public_key(), digest, sig, 1) &&
         !dstu4145::verify_digest(key->public_key(), other, sig, 1);
}

/// Every proper prefix of `file` is refused by `read` with a dstu::Error, never a crash.
template <class Read>
void check_truncations(const Bytes& file, Read&& read) {
  for (std::size_t n = 0; n < file.size(); ++n) {
    const Bytes cut(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
    CAPTURE(n);
    CHECK_THROWS_AS(read(cut), Error);
  }
}

inline std::string curve_of(const pkix::AnyPrivateKey& key) { return pkix::curve_name(pkix::public_key(key)); }

}  // namespace dstu::test
