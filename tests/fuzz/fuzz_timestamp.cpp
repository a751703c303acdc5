// Fuzz target: RFC 3161 timestamps (pkix/timestamp.hpp). The input is read as a
// TimeStampToken, as a TimeStampResp and as a SignedData whose signers' timestamp
// attributes are read; each returns or throws dstu::Error. A token that reads must read
// the same from its own DER and verify to a verdict; a signature timestamp whose imprint
// matches its signer's signature added once more must read back as one more.
#include <cstdint>
#include <span>

#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/timestamp.hpp"

namespace pkix = dstu::pkix;

namespace {

void token_case(std::span<const std::uint8_t> data) {
  pkix::TimestampToken token;
  try {
    token = pkix::read_timestamp_token(data);
  } catch (const dstu::Error&) {
    return;
  }
  const pkix::TimestampToken again = pkix::read_timestamp_token(token.signed_data.der);
  if (again.info.imprint != token.info.imprint || again.info.gen_time != token.info.gen_time ||
      again.info.serial != token.info.serial || again.info.nonce != token.info.nonce) {
    __builtin_trap();
  }
  (void)pkix::verify_timestamp(token, data);
  (void)pkix::verify_timestamp(token, {}, token.signed_data.certificates);
}

void response_case(std::span<const std::uint8_t> data) {
  try {
    const pkix::MessageImprint imprint = pkix::message_imprint("sha256", {});
    (void)pkix::read_timestamp_response(data, imprint, {});
  } catch (const dstu::Error&) {
  }
}

/// Adds the token again to signer `i` when add_signature_timestamp takes it (a token it
/// verifies over the signature): the rewritten file must read back, one more token in it.
void add_again(const pkix::SignedData& sd, std::size_t i, const pkix::TimestampToken& token, std::size_t count) {
  dstu::Bytes rewritten;
  try {
    rewritten = pkix::add_signature_timestamp(sd.der, i, token.signed_data.der);
  } catch (const dstu::Error&) {
    return;  // not a valid token over this signature
  }
  pkix::SignedData out;
  try {
    out = pkix::read_signed_data(rewritten);
  } catch (const dstu::Error&) {
    __builtin_trap();  // the rewrite broke the file
  }
  if (out.signers.size() != sd.signers.size() || pkix::signature_timestamps(out.signers[i]).size() != count + 1 ||
      out.signers[i].signature != sd.signers[i].signature || out.signers[i].signed_attrs != sd.signers[i].signed_attrs) {
    __builtin_trap();
  }
}

void signed_data_case(std::span<const std::uint8_t> data) {
  pkix::SignedData sd;
  try {
    sd = pkix::read_signed_data(data);
  } catch (const dstu::Error&) {
    return;
  }
  for (std::size_t i = 0; i < sd.signers.size(); ++i) {
    try {
      for (const pkix::TimestampToken& t : pkix::content_timestamps(sd.signers[i])) (void)pkix::verify_timestamp(t, {});
      const std::vector<pkix::TimestampToken> tokens = pkix::signature_timestamps(sd.signers[i]);
      for (const pkix::TimestampToken& t : tokens) add_again(sd, i, t, tokens.size());
    } catch (const dstu::Error&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, size);
  token_case(input);
  response_case(input);
  signed_data_case(input);
  return 0;
}
