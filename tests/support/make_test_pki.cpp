// make_test_pki DIR: a DSTU 4145 PKI of the tests' own (test_pki.hpp) written into DIR,
// for the CLI tests and the chain benchmark (tests/perf/verify_chain_cost.cpp):
//   root.cer     self-signed root, cA, pathLen 1, keyCertSign + cRLSign
//   ca.cer       an intermediate CA under it, cA, pathLen 0
//   user.cer     a signer under the CA (digitalSignature + nonRepudiation), user.key
//                (and every signer's public key alone: user.pub, ...)
//   revoked.cer  a signer the CA revoked (keyCompromise, 2025-06-01), revoked.key
//   expired.cer  a signer valid only in 2020, expired.key
//   agree.cer    a key-agreement certificate (keyAgreement only), agree.key
//   tsa.cer      a TSA under the CA (critical extendedKeyUsage id-kp-timeStamping), tsa.key,
//                which tsa_reply signs with
//   ca.crl       the CA's CRL (2026-01-01 to 2036-01-01) naming revoked.cer
//   other-root.cer  a root that issued none of them
// Everything but expired.cer is valid from 2024-01-01 to 2036-01-01. Keys on dstu257,
// clear PKCS#8 DER, mode 0600.
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"
#include "test_pki.hpp"
#include "test_tsa.hpp"

namespace {

using dstu::Bytes;

void put(const std::string& path, std::span<const std::uint8_t> data, mode_t mode) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!f) throw std::runtime_error("cannot write " + path);
  f.close();
  ::chmod(path.c_str(), mode);
}

constexpr std::int64_t kFrom = 1704067200;   // 2024-01-01
constexpr std::int64_t kTo = 2082758400;     // 2036-01-01
constexpr std::int64_t k2020 = 1577836800;   // 2020-01-01
constexpr std::int64_t k2021 = 1609459200;   // 2021-01-01
constexpr std::int64_t kCrlFrom = 1767225600;  // 2026-01-01
constexpr std::int64_t kRevoked = 1748736000;  // 2025-06-01

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_test_pki DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  using namespace dstu;
  using test::CertificateSpec;
  rng::OsRandom rng;
  const ec2m::Curve& curve = *ec2m::Curve::find_named("dstu257");
  const auto key = [&] { return dstu4145::generate_key(curve, rng); };
  const auto root = key(), ca = key(), other = key();
  const auto ca_usage = static_cast<std::uint16_t>(pkix::kKeyCertSign | pkix::kCrlSign);
  const auto sign_usage = static_cast<std::uint16_t>(pkix::kDigitalSignature | pkix::kNonRepudiation);
  put(dir + "/root.cer",
      test::issue_certificate({"Test Root", {0x10}, kFrom, kTo, true, 1, ca_usage, {}}, root.public_key(), "Test Root", root, rng),
      0644);
  put(dir + "/other-root.cer",
      test::issue_certificate({"Other Root", {0x11}, kFrom, kTo, true, 1, ca_usage, {}}, other.public_key(), "Other Root",
                              other, rng),
      0644);
  put(dir + "/ca.cer",
      test::issue_certificate({"Test CA", {0x20}, kFrom, kTo, true, 0, ca_usage, {}}, ca.public_key(), "Test Root", root, rng),
      0644);
  struct Leaf {
    const char* name;
    CertificateSpec spec;
  };
  const Leaf leaves[] = {
      {"user", {"Test Signer", {0x31}, kFrom, kTo, false, std::nullopt, sign_usage, {}}},
      {"revoked", {"Revoked Signer", {0x32}, kFrom, kTo, false, std::nullopt, sign_usage, {}}},
      {"expired", {"Expired Signer", {0x33}, k2020, k2021, false, std::nullopt, sign_usage, {}}},
      {"agree", {"Agreement Only", {0x34}, kFrom, kTo, false, std::nullopt, std::uint16_t{pkix::kKeyAgreement}, {}}},
  };
  for (const Leaf& l : leaves) {
    const auto k = key();
    put(dir + "/" + l.name + ".cer", test::issue_certificate(l.spec, k.public_key(), "Test CA", ca, rng), 0644);
    put(dir + "/" + l.name + ".key",
        pkix::encode_private_key_file(pkix::AnyPrivateKey(k), pkix::KeyFileEncoding::der), 0600);
    put(dir + "/" + l.name + ".pub",
        pkix::encode_public_key_file(pkix::AnyPublicKey(k.public_key()), pkix::KeyFileEncoding::der), 0644);
  }
  const test::TestTsa tsa = test::issue_test_tsa("Test CA", ca, rng);
  put(dir + "/tsa.cer", tsa.certificate.der, 0644);
  put(dir + "/tsa.key", pkix::encode_private_key_file(tsa.key, pkix::KeyFileEncoding::der), 0600);
  put(dir + "/ca.crl", test::issue_crl("Test CA", ca, kCrlFrom, kTo, {{{0x32}, kRevoked, 1}}, 7, rng), 0644);
  return 0;
}
