// CLI transcripts of `dstu verify` on CAdES-T files: .p7s that `dstu sign --cms` wrote
// under make_test_pki's signers, given a signature timestamp by the tests' own DSTU 4145
// TSA (tsa_reply), checked: the token's imprint and signature, the TSA's chain with
// --trust, and the signer's chain at the timestamp's time (a signer revoked later stays
// valid, one revoked before does not); a token without its TSA certificate reported as
// not checked; a token over another signature, or from a TSA whose chain fails, invalid.
#include <doctest/doctest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "transcript.hpp"

using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

namespace {

std::span<const std::uint8_t> octets(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

/// The token tsa_reply (the TSA of the PKI in `pki`) gives for the signature of `p7s`'s
/// first signer, at `time` (@SECONDS), with `options` ("--omit-cert").
std::string token_for(const TempDir& d, const std::string& pki, const std::string& p7s, const std::string& time,
                      const std::string& options = "") {
  const std::string file = read(p7s);
  const dstu::pkix::SignedData sd = dstu::pkix::read_signed_data(octets(file));
  const auto imprint = dstu::pkix::message_imprint("gost34311", sd.signers.at(0).signature);
  const dstu::Bytes nonce = {0x12, 0x34, 0x56, 0x78};
  const dstu::Bytes request = dstu::pkix::timestamp_request(imprint, nonce);
  write(d / "tsq", std::string(request.begin(), request.end()));
  const std::string cmd = std::string(DSTU_TSA_REPLY) + " " + pki + " --time " + time + " " + options + " < " + d / "tsq" +
                          " > " + d / "tsr";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const dstu::Bytes token = dstu::pkix::read_timestamp_response(octets(read(d / "tsr")), imprint, nonce);
  return std::string(token.begin(), token.end());
}

/// `p7s` with `token` added to its first signer as a signature timestamp.
void add_token(const std::string& p7s, const std::string& token) {
  const dstu::Bytes stamped = dstu::pkix::add_signature_timestamp(octets(read(p7s)), 0, octets(token));
  write(p7s, std::string(stamped.begin(), stamped.end()));
}

/// A make_test_pki directory in d / "pki" and `signer`'s detached .p7s of d / "doc".
std::string setup(const TempDir& d, const std::string& signer) {
  const std::string pki = d / "pki";
  REQUIRE(std::system(("mkdir -p " + pki + " && " + DSTU_MAKE_TEST_PKI + " " + pki + " > /dev/null").c_str()) == 0);
  write(d / "doc", "a contract\n");
  REQUIRE(run_dstu({"sign", "--cms", "-k", pki + "/" + signer + ".key", "--cert", pki + "/" + signer + ".cer", d / "doc"})
              .status == 0);
  return pki;
}

Json verify_json(const std::string& pki, const std::string& p7s, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"--json", "verify", "--trust", pki + "/root.cer", "--untrusted", pki + "/ca.cer",
                                   "--crl", pki + "/ca.crl"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(p7s);
  const auto r = run_dstu(args);
  Json j = Json::parse(r.out);
  j["exit"] = r.status;
  return j;
}

}  // namespace

TEST_CASE("verify: a signature timestamp checked, and the chain checked at its time") {
  TempDir d;
  const std::string pki = setup(d, "user");
  const std::string p7s = d / "doc.p7s";
  add_token(p7s, token_for(d, pki, p7s, "@1893456000"));  // 2030-01-01
  Json j = verify_json(pki, p7s);
  CHECK(j["exit"] == 0);
  const Json& s = j["signers"][0];
  REQUIRE(s["timestamps"].size() == 1);
  CHECK(s["timestamps"][0]["kind"] == "signature");
  CHECK(s["timestamps"][0]["status"] == "valid");
  CHECK(s["timestamps"][0]["time"] == "2030-01-01 00:00:00 UTC");
  CHECK(s["timestamps"][0]["tsa_chain"] == "valid");
  CHECK(s["timestamps"][0]["tsa"].get<std::string>().find("TSA") != std::string::npos);
  CHECK(s["chain_time_source"] == "signatureTimestamp");
  CHECK(s["chain_at"] == "2030-01-01 00:00:00 UTC");
  // --at still overrides; past the certificates' validity the chain fails.
  j = verify_json(pki, p7s, {"--at", "2040-01-01"});
  CHECK(j["exit"] == 1);
  CHECK(j["signers"][0]["chain_time_source"] == "--at");
  // The text report names the timestamp.
  const auto r = run_dstu({"verify", "--trust", pki + "/root.cer", "--untrusted", pki + "/ca.cer", p7s});
  CHECK(r.status == 0);
  CHECK(r.out.find("signature timestamp 2030-01-01 00:00:00 UTC valid (TSA") != std::string::npos);
  CHECK(r.out.find("(signatureTimestamp)") != std::string::npos);
}

TEST_CASE("verify: a signer revoked after the timestamp stays valid, one revoked before does not") {
  TempDir d;
  const std::string pki = setup(d, "revoked");  // revoked 2025-06-01, keyCompromise
  const std::string p7s = d / "doc.p7s";
  Json j = verify_json(pki, p7s);  // signingTime: now
  CHECK(j["exit"] == 1);
  CHECK(j["signers"][0]["reason"].get<std::string>().find("revoked") != std::string::npos);
  const std::string before = token_for(d, pki, p7s, "@1735689600");  // 2025-01-01
  const std::string after = token_for(d, pki, p7s, "@1767225600");   // 2026-01-01
  const std::string plain = read(p7s);
  add_token(p7s, before);
  j = verify_json(pki, p7s);
  CHECK(j["exit"] == 0);
  CHECK(j["signers"][0]["chain_at"] == "2025-01-01 00:00:00 UTC");
  write(p7s, plain);
  add_token(p7s, after);
  j = verify_json(pki, p7s);
  CHECK(j["exit"] == 1);
  CHECK(j["signers"][0]["chain_at"] == "2026-01-01 00:00:00 UTC");
}

TEST_CASE("verify: a token without its TSA certificate is not checked; one over another signature is invalid") {
  TempDir d;
  const std::string pki = setup(d, "user");
  const std::string p7s = d / "doc.p7s";
  const std::string plain = read(p7s);
  add_token(p7s, token_for(d, pki, p7s, "@1893456000", "--omit-cert"));
  Json j = verify_json(pki, p7s);
  CHECK(j["exit"] == 0);
  CHECK(j["signers"][0]["timestamps"][0]["status"] == "not_checked");
  CHECK(j["signers"][0]["chain_time_source"] == "signingTime");
  // The TSA's certificate among the untrusted ones: checked.
  j = verify_json(pki, p7s, {"--untrusted", pki + "/tsa.cer"});
  CHECK(j["exit"] == 0);
  CHECK(j["signers"][0]["timestamps"][0]["status"] == "valid");
  CHECK(j["signers"][0]["chain_time_source"] == "signatureTimestamp");
  // A token whose imprint is not the signature's hash: over other data (add_signature_timestamp
  // refuses such a token, so the imprint of a good one is changed in place).
  write(p7s, plain);
  add_token(p7s, token_for(d, pki, p7s, "@1893456000"));
  const dstu::pkix::SignedData sd = dstu::pkix::read_signed_data(octets(plain));
  const auto imprint = dstu::pkix::message_imprint("gost34311", sd.signers.at(0).signature).hash;
  std::string stamped = read(p7s);
  const std::size_t at = stamped.find(std::string(imprint.begin(), imprint.end()));
  REQUIRE(at != std::string::npos);
  stamped[at] = static_cast<char>(stamped[at] ^ 1);
  write(p7s, stamped);
  j = verify_json(pki, p7s);
  CHECK(j["exit"] == 1);
  CHECK(j["signers"][0]["reason"] == "signature timestamp: the timestamp is over other data");
  // A timestamp from when the TSA's certificate had expired: its chain fails, and the signer.
  write(p7s, plain);
  add_token(p7s, token_for(d, pki, p7s, "@2145916800"));  // 2038-01-01
  j = verify_json(pki, p7s);
  CHECK(j["exit"] == 1);
  CHECK(j["signers"][0]["timestamps"][0]["tsa_chain"] == "invalid");
  CHECK(j["signers"][0]["reason"].get<std::string>().starts_with("signature timestamp: the TSA's chain: "));
}
