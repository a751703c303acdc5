// Test support: a time-stamping authority of the tests' own (RFC 3161), answering a
// TimeStampReq with a TimeStampResp whose token sign_cms makes (eContentType
// id-ct-TSTInfo), and able to answer wrongly on request: a rejection, another imprint,
// another nonce, no certificate in the token. Reading the request is test-only code;
// the library only writes requests and reads responses.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/key.hpp"

namespace dstu::test {

/// A TSA: its key and certificate.
struct TestTsa {
  pkix::AnyPrivateKey key;
  pkix::Certificate certificate;
};

/// A new dstu257 TSA certificate issued by `issuer_cn` under `issuer_key`, with a
/// critical extendedKeyUsage of id-kp-timeStamping (or, `time_stamping` false, of
/// id-kp-codeSigning), valid 2024-01-01 to 2036-01-01, serial 0x40 (0x41 without
/// timeStamping).
TestTsa issue_test_tsa(const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, RandomSource& rng,
                       bool time_stamping = true);

/// How tsa_reply answers.
struct TsaReplyOptions {
  std::int64_t time = 1767225600;  ///< genTime, seconds since the epoch (2026-01-01)
  std::string fraction;            ///< genTime's fraction of a second, digits ("5"); empty: none
  int status = 0;                  ///< PKIStatus: 0 granted, 2 rejection (no token)
  std::string status_text;         ///< statusString, when not empty
  bool wrong_imprint = false;      ///< the token's imprint differs from the request's
  bool wrong_nonce = false;        ///< the token's nonce differs from the request's
  bool omit_certificate = false;   ///< no certificates in the token, whatever certReq says
  std::string hash = "gost34311";  ///< sign_cms's hash of the token
};

/// The DER TimeStampResp to the DER TimeStampReq `request`: the request's imprint, its
/// nonce when it has one, serial 1, policy 1.2.804.2.1.1.1.2.3.1, accuracy 1 s, tsa the
/// certificate's subject; the certificate in the token when certReq is TRUE. A rejection carries failInfo badRequest.
Bytes tsa_reply(const TestTsa& tsa, std::span<const std::uint8_t> request, const TsaReplyOptions& options,
                RandomSource& rng);

}  // namespace dstu::test
