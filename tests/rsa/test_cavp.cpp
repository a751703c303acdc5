// NIST CAVP RSA signature verification vectors of FIPS 186-3 (test-vectors/rsa/cavp/,
// SigVer15_186-3.subset.rsp for RSASSA-PKCS1-v1_5 and SigVerPSS_186-3.subset.rsp for
// RSASSA-PSS; 2048- and 3072-bit keys, SHA-224/256/384/512). Every "Result = P" case
// verifies, every "Result = F" case is refused. PSS uses MGF1 with the message's hash and
// the salt length of the case's SaltVal (10 octets throughout); the P cases verify with
// kSaltAny too and are refused with the digest's length as the salt length. The reader is
// the test's own: the .rsp layout is not that of vec.hpp.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <fstream>
#include <map>
#include <string>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/rsa/pkcs1.hpp"

using dstu::Bytes;
namespace rsa = dstu::rsa;

namespace {

Bytes unhex(const std::string& s) {
  REQUIRE(s.size() % 2 == 0);
  Bytes out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>(std::stoul(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// What one file gave: cases by result and hash, F cases by CAVS reason (1 message
// changed, 2 public exponent changed, 3 signature changed, 4 hash moved left in the
// encoding, 5 the 00 after the padding removed), SHA-1 cases skipped.
struct Tally {
  std::map<std::string, std::size_t> pass, fail;  // by hash
  std::array<std::size_t, 6> reasons{};            // index: CAVS reason 1-5
  std::size_t sha1_skipped = 0;
  std::size_t thrown = 0;  // F verifications refused by dstu::Error rather than false
  std::size_t pass_total() const {
    std::size_t t = 0;
    for (const auto& [h, c] : pass) t += c;
    return t;
  }
  std::size_t fail_total() const {
    std::size_t t = 0;
    for (const auto& [h, c] : fail) t += c;
    return t;
  }
};

struct Case {
  int line = 0;
  std::string mod;
  std::map<std::string, std::string> fields;
};

// Sections "[mod = N]"; "n = ..." sets the modulus for the cases that follow (a section
// holds several keys); p and q are skipped; a case is a run of "key = value" lines
// starting at SHAAlg and ending at a blank line.
template <class F>
void read_rsp(const std::string& name, F&& on_case) {
  std::ifstream in(std::string(DSTU_TEST_VECTORS) + "/rsa/cavp/" + name);
  REQUIRE(in.good());
  std::string line, mod, n;
  Case c;
  int number = 0;
  auto flush = [&] {
    if (!c.fields.empty()) {
      REQUIRE(!n.empty());
      c.fields["n"] = n;
      c.mod = mod;
      on_case(c);
    }
    c = Case{};
  };
  while (std::getline(in, line)) {
    ++number;
    line = trim(line);
    if (line.empty()) {
      flush();
      continue;
    }
    if (line[0] == '#') continue;
    if (line[0] == '[') {
      flush();
      REQUIRE(line.rfind("[mod = ", 0) == 0);
      mod = trim(line.substr(7, line.size() - 8));
      n.clear();
      continue;
    }
    const auto eq = line.find('=');
    INFO(name << ":" << number << ": " << line.substr(0, 40));
    REQUIRE(eq != std::string::npos);
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "n") {
      flush();
      n = value;
    } else if (key == "p" || key == "q") {
      continue;
    } else {
      if (c.fields.empty()) {
        REQUIRE(key == "SHAAlg");
        c.line = number;
      }
      REQUIRE(c.fields.count(key) == 0);
      c.fields[key] = value;
    }
  }
  flush();
}

std::string hash_name(const std::string& alg) {
  if (alg == "SHA224") return "sha224";
  if (alg == "SHA256") return "sha256";
  if (alg == "SHA384") return "sha384";
  if (alg == "SHA512") return "sha512";
  FAIL("hash not in this test: " << alg);
  return {};
}

void run_file(const std::string& name, bool pss, Tally& tally) {
  read_rsp(name, [&](const Case& c) {
    const auto& f = c.fields;
    INFO(name << ":" << c.line << " [mod = " << c.mod << "] " << f.at("SHAAlg") << " " << f.at("Result"));
    if (f.at("SHAAlg") == "SHA1") {
      ++tally.sha1_skipped;  // SHA-1 is not among the hashes lib/rsa takes
      return;
    }
    const std::string hash = hash_name(f.at("SHAAlg"));
    const rsa::PublicKey key{dstu::mp::Nat::from_hex(f.at("n")), dstu::mp::Nat::from_hex(f.at("e"))};
    CHECK(std::to_string(key.bits()) == c.mod);
    const Bytes digest = rsa::hash_message(hash, unhex(f.at("Msg")));
    const Bytes sig = unhex(f.at("S"));
    const std::size_t salt_len = unhex(f.at("SaltVal")).size();
    const std::string& result = f.at("Result");
    auto verify = [&](std::size_t salt) {
      return pss ? rsa::verify_pss_vartime(key, hash, digest, salt, sig)
                 : rsa::verify_pkcs1v15_vartime(key, hash, digest, sig);
    };
    if (result == "P") {
      CHECK(verify(salt_len));
      if (pss) {
        CHECK(verify(rsa::kSaltAny));
        // The salt length is checked: the digest's length (never 10 octets here) fails.
        CHECK_FALSE(verify(rsa::kSaltHashLength));
      }
      ++tally.pass[hash];
      return;
    }
    // "F (k - why)": refused, by false or by dstu::Error (a key the library will not take).
    REQUIRE(result.size() > 4);
    REQUIRE(result.rfind("F (", 0) == 0);
    const int reason = result[3] - '0';
    REQUIRE(reason >= 1);
    REQUIRE(reason <= 5);
    for (const std::size_t salt : {salt_len, pss ? rsa::kSaltAny : salt_len}) {
      bool accepted = false;
      try {
        accepted = verify(salt);
      } catch (const dstu::Error&) {
        accepted = false;
        ++tally.thrown;
      }
      CHECK_FALSE(accepted);
    }
    ++tally.fail[hash];
    ++tally.reasons[static_cast<std::size_t>(reason)];
  });
}

// Counted from the subset files: 2 moduli x 3 keys x 4 hashes x 6 cases (1 P, 5 F, one
// per reason) in each.
void check_counts(const Tally& tally) {
  CHECK(tally.pass_total() == 24);
  CHECK(tally.fail_total() == 120);
  // Every F case is a well-formed signature under a valid key: refused by a false verdict,
  // never by an exception (which would hide a verifier that throws on what it should judge).
  CHECK(tally.thrown == 0);
  for (const char* h : {"sha224", "sha256", "sha384", "sha512"}) {
    INFO(h);
    CHECK(tally.pass.count(h) == 1);
    CHECK(tally.fail.count(h) == 1);
    if (tally.pass.count(h)) CHECK(tally.pass.at(h) == 6);
    if (tally.fail.count(h)) CHECK(tally.fail.at(h) == 30);
  }
  for (std::size_t r = 1; r <= 5; ++r) {
    INFO("reason " << r);
    CHECK(tally.reasons[r] == 24);
  }
  CHECK(tally.sha1_skipped == 0);  // the subset dropped SHA-1's cases
}

}  // namespace

TEST_CASE("NIST CAVP SigVer RSASSA-PKCS1-v1_5 (FIPS 186-3), 2048 and 3072 bits") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    run_file("SigVer15_186-3.subset.rsp", false, tally);
    MESSAGE(path << ": " << tally.pass_total() << " P accepted, " << tally.fail_total() << " F refused, "
                 << tally.sha1_skipped << " SHA-1 skipped, " << tally.thrown << " refusals by exception");
    check_counts(tally);
  });
}

TEST_CASE("NIST CAVP SigVer RSASSA-PSS (FIPS 186-3), 2048 and 3072 bits, 10-octet salt") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    Tally tally;
    run_file("SigVerPSS_186-3.subset.rsp", true, tally);
    MESSAGE(path << ": " << tally.pass_total() << " P accepted, " << tally.fail_total() << " F refused, "
                 << tally.sha1_skipped << " SHA-1 skipped, " << tally.thrown << " refusals by exception");
    check_counts(tally);
  });
}
