// Project Wycheproof's ECDSA verification vectors (test-vectors/ecdsa/wycheproof/, the
// upstream JSON unchanged): every "valid" signature verifies, every "invalid" one is
// refused, by the strict decoder (malformed DER, a P1363 string of the wrong length) or
// by verification (r or s out of range, special points, modified values). These files
// have no "acceptable" cases; one appearing fails the test so that it gets a decision.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/hash/sha2.hpp"

using dstu::Bytes;
namespace ecdsa = dstu::ecdsa;
namespace ecp = dstu::ecp;

namespace {

Bytes unhex(const std::string& s) {
  Bytes out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>(std::stoul(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

Bytes digest_of(const std::string& sha, const Bytes& msg) {
  if (sha == "SHA-256") return dstu::hash::Sha256::hash(256, msg);
  if (sha == "SHA-384") return dstu::hash::Sha512::hash(384, msg);
  if (sha == "SHA-512") return dstu::hash::Sha512::hash(512, msg);
  FAIL("hash not in this test: " << sha);
  return {};
}

struct Tally {
  std::size_t valid = 0, invalid = 0, refused_by_decoder = 0;
};

void run_file(const std::string& name, ecdsa::SignatureFormat format, Tally& tally) {
  std::ifstream in(std::string(DSTU_TEST_VECTORS) + "/ecdsa/wycheproof/" + name);
  REQUIRE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  for (const auto& group : doc.at("testGroups")) {
    const ecdsa::Group& c = ecdsa::Group::named(group.at("publicKey").at("curve").get<std::string>());
    const ecdsa::PublicKey key{&c, c.decode_point(unhex(group.at("publicKey").at("uncompressed")))};
    const std::string sha = group.at("sha");
    for (const auto& t : group.at("tests")) {
      const std::string result = t.at("result");
      INFO(name << " tcId " << t.at("tcId").get<int>() << " (" << t.at("comment").get<std::string>() << ")");
      REQUIRE((result == "valid" || result == "invalid"));
      const Bytes digest = digest_of(sha, unhex(t.at("msg")));
      bool accepted = false;
      try {
        const ecdsa::Signature sig = ecdsa::decode_signature(format, c, unhex(t.at("sig")));
        accepted = ecdsa::verify(ecdsa::Scheme::ecdsa, key, digest, sig);
      } catch (const dstu::Error&) {
        ++tally.refused_by_decoder;
      }
      CHECK(accepted == (result == "valid"));
      ++(result == "valid" ? tally.valid : tally.invalid);
    }
  }
}

}  // namespace

// Each on every CPU path: the GF(p) kernels (portable, BMI2 + ADX) inside the point
// formulas, not only in the field tests.
TEST_CASE("Wycheproof ECDSA, DER signatures") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    for (const char* f : {"ecdsa_secp192r1_sha256_test.json", "ecdsa_secp256r1_sha256_test.json",
                          "ecdsa_secp384r1_sha384_test.json", "ecdsa_secp521r1_sha512_test.json",
                          "ecdsa_brainpoolP256r1_sha256_test.json", "ecdsa_brainpoolP512r1_sha512_test.json"}) {
      run_file(f, ecdsa::SignatureFormat::der, tally);
    }
    MESSAGE(path << ": " << tally.valid << " valid accepted, " << tally.invalid << " invalid refused ("
                 << tally.refused_by_decoder << " by the DER decoder)");
    CHECK(tally.valid == 143 + 174 + 194 + 232 + 176 + 252);
    CHECK(tally.invalid == 311 + 310 + 310 + 310 + 309 + 307);
  });
}

TEST_CASE("Wycheproof ECDSA, P1363 signatures") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    for (const char* f : {"ecdsa_secp256r1_sha256_p1363_test.json", "ecdsa_brainpoolP256r1_sha256_p1363_test.json"}) {
      run_file(f, ecdsa::SignatureFormat::p1363, tally);
    }
    CHECK(tally.valid == 173 + 175);
    CHECK(tally.invalid == 89 + 86);
  });
}
