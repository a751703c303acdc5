// A protected key store (PKCS#8 EncryptedPrivateKeyInfo, PBES2 with PBKDF2 over
// HMAC-GOST34.311 and GOST 28147-89 CFB under the DKE No 1 S-box) whose iteration
// count is chosen, for the tests of the PBKDF2 limit: the library's and the CLI's.
#pragma once

#include <cstdint>

#include "dstu/base/der.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::test {

/// An EncryptedPrivateKeyInfo of the form the library writes with `iterations` in its
/// PBKDF2 parameters and 32 octets of stand-in data (none of it decrypts to a key).
inline dstu::Bytes store_with_iterations(std::uint64_t iterations) {
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.begin(dstu::der::kSequence);
  w.oid("1.2.840.113549.1.5.13");  // PBES2
  w.begin(dstu::der::kSequence);
  w.begin(dstu::der::kSequence);
  w.oid("1.2.840.113549.1.5.12");  // PBKDF2
  w.begin(dstu::der::kSequence);
  w.octet_string(dstu::Bytes(32, 0x5a));
  w.integer(iterations);
  w.begin(dstu::der::kSequence);
  w.oid("1.2.804.2.1.1.1.1.1.2");  // HMAC-GOST34.311
  w.null();
  w.end();
  w.end();
  w.end();
  w.begin(dstu::der::kSequence);
  w.oid("1.2.804.2.1.1.1.1.1.1.3");  // GOST 28147-89 CFB
  w.begin(dstu::der::kSequence);
  w.octet_string(dstu::Bytes(8, 0x11));
  w.octet_string(dstu::cipher::SBox::dke1().packed());
  w.end();
  w.end();
  w.end();
  w.end();
  w.octet_string(dstu::Bytes(32, 0xa5));
  w.end();
  return w.finish();
}

}  // namespace dstu::test
