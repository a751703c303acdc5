// The RSA keys OpenSSL wrote in every form (test-vectors/rsa/keys, written by
// tests/pkix/make_rsa_key_vectors.py), for the RSA key tests.
#pragma once

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/pkix/key_file.hpp"

namespace dstu::test {

/// The passphrase of the rsaN.enc.pem files.
inline constexpr const char* kRsaKeyPassphrase = "rsa key test";

/// test-vectors/rsa/keys/rsa<bits>.<form> ("pkcs8.pem", "spki.der", ...).
inline Bytes rsa_key_vector(std::size_t bits, const std::string& form) {
  const std::string path = std::string(DSTU_TEST_VECTORS) + "/rsa/keys/rsa" + std::to_string(bits) + "." + form;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

/// A passphrase source with a fixed passphrase.
class FixedPassphrase final : public pkix::PassphraseSource {
 public:
  explicit FixedPassphrase(std::string pass) : pass_(std::move(pass)) {}
  SecureBytes passphrase(const pkix::Pbes2Info&) override { return SecureBytes(pass_.begin(), pass_.end()); }

 private:
  std::string pass_;
};

}  // namespace dstu::test
