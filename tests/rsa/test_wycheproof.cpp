// Project Wycheproof's RSA signature vectors (test-vectors/rsa/wycheproof/, the upstream
// JSON unchanged): RSASSA-PKCS1-v1_5 with SHA-256 (2048) and SHA-384 (3072), RSASSA-PSS
// with SHA-256, MGF1-SHA-256 and 32-octet salts (2048, 3072). Every "valid" signature
// verifies, every "invalid" one is refused. The one "acceptable" case (tcId 8 of the
// PKCS#1 files: a DigestInfo without NULL parameters) is refused on purpose: the verifier
// re-encodes with the NULL (RFC 8017 §9.2 Note 2 allows either; strict is our choice).
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cpu_paths.hpp"
#include "dstu/rsa/pkcs1.hpp"

using dstu::Bytes;
namespace rsa = dstu::rsa;

namespace {

Bytes unhex(const std::string& s) {
  Bytes out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>(std::stoul(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

std::string hash_name(const std::string& sha) {
  if (sha == "SHA-224") return "sha224";
  if (sha == "SHA-256") return "sha256";
  if (sha == "SHA-384") return "sha384";
  if (sha == "SHA-512") return "sha512";
  FAIL("hash not in this test: " << sha);
  return {};
}

struct Tally {
  std::size_t valid = 0, invalid = 0, acceptable = 0;
};

void run_file(const std::string& name, bool pss, Tally& tally) {
  std::ifstream in(std::string(DSTU_TEST_VECTORS) + "/rsa/wycheproof/" + name);
  REQUIRE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  for (const auto& group : doc.at("testGroups")) {
    const rsa::PublicKey key{dstu::mp::Nat::from_hex(group.at("publicKey").at("modulus").get<std::string>()),
                             dstu::mp::Nat::from_hex(group.at("publicKey").at("publicExponent").get<std::string>())};
    rsa::check_public_key(key);
    const std::string hash = hash_name(group.at("sha"));
    std::size_t salt = 0;
    if (pss) {
      REQUIRE(group.at("mgf") == "MGF1");
      REQUIRE(group.at("mgfSha") == group.at("sha"));
      salt = group.at("sLen").get<std::size_t>();
    }
    for (const auto& t : group.at("tests")) {
      const std::string result = t.at("result");
      INFO(name << " tcId " << t.at("tcId").get<int>() << " (" << t.at("comment").get<std::string>() << ")");
      const Bytes digest = rsa::hash_message(hash, unhex(t.at("msg")));
      const Bytes sig = unhex(t.at("sig"));
      const bool accepted = pss ? rsa::verify_pss_vartime(key, hash, digest, salt, sig)
                                : rsa::verify_pkcs1v15_vartime(key, hash, digest, sig);
      if (result == "acceptable") {
        // Only the DigestInfo without NULL is expected here; it is refused.
        CHECK(t.at("flags").dump().find("MissingNull") != std::string::npos);
        CHECK_FALSE(accepted);
        ++tally.acceptable;
        continue;
      }
      REQUIRE((result == "valid" || result == "invalid"));
      CHECK(accepted == (result == "valid"));
      ++(result == "valid" ? tally.valid : tally.invalid);
    }
  }
}

}  // namespace

TEST_CASE("Wycheproof RSASSA-PKCS1-v1_5") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    run_file("rsa_signature_2048_sha256_test.json", false, tally);
    run_file("rsa_signature_3072_sha384_test.json", false, tally);
    MESSAGE(path << ": " << tally.valid << " valid accepted, " << tally.invalid << " invalid refused, "
                 << tally.acceptable << " acceptable refused");
    CHECK(tally.valid == 9 + 7);
    CHECK(tally.invalid == 249 + 251);
    CHECK(tally.acceptable == 2);
  });
}

TEST_CASE("Wycheproof RSASSA-PSS, MGF1-SHA-256, 32-octet salt") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    run_file("rsa_pss_2048_sha256_mgf1_32_test.json", true, tally);
    run_file("rsa_pss_3072_sha256_mgf1_32_test.json", true, tally);
    MESSAGE(path << ": " << tally.valid << " valid accepted, " << tally.invalid << " invalid refused");
    CHECK(tally.valid == 63 + 63);
    CHECK(tally.invalid == 45 + 45);
    CHECK(tally.acceptable == 0);
  });
}
