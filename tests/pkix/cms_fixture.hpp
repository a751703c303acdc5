// Test support for the CMS writer tests (test_cms_sign.cpp, test_cms_cosign.cpp): the
// fixtures of test-vectors/pki/cms and test-vectors/pki/certs (the targets define
// DSTU_PKI_CMS and DSTU_PKI_CERTS), and the two signers they use: jkurwa's DSTU 4145 test
// key (PRIV1.cer, the key of SELF_SIGNED1.cer) and the OpenSSL ECDSA P-256 test key.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_file.hpp"

namespace dstu::test {

inline Bytes read_path(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

inline Bytes cms_file(const std::string& name) { return read_path(std::string(DSTU_PKI_CMS) + "/" + name); }
inline Bytes cert_file(const std::string& name) { return read_path(std::string(DSTU_PKI_CERTS) + "/" + name); }
inline Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

inline pkix::AnyPrivateKey dstu_key() { return pkix::decode_pkcs8(cert_file("PRIV1.cer")); }
inline pkix::Certificate dstu_cert() { return pkix::read_certificate(cert_file("SELF_SIGNED1.cer")); }
inline pkix::AnyPrivateKey ecdsa_key() {
  return pkix::private_key(pkix::read_key_file(cms_file("ecdsa-key.pem"), nullptr).key);
}
inline pkix::Certificate ecdsa_cert() { return pkix::read_certificate(cms_file("ecdsa-cert.pem")); }

}  // namespace dstu::test
