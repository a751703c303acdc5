// CLI transcripts of signature files: raw signatures that begin like DER verify (the
// false INVALID once reported for about one raw signature in 65,536), malformed
// signature files are errors (exit 2), never verdicts, and SHA-1 makes no new signature
// while an old DSTU 4145 signature over a SHA-1 digest still verifies.
#include <doctest/doctest.h>

#include <filesystem>

#include "der_lookalike.hpp"
#include "dstu/base/der.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/sha1.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"
#include "transcript.hpp"

using dstu::Bytes;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
namespace d4 = dstu::dstu4145;
namespace ec2m = dstu::ec2m;

namespace {

std::string text(const Bytes& b) { return std::string(b.begin(), b.end()); }

bool says(const dstu::test::Run& r, const std::string& what) {
  return r.out.find(what) != std::string::npos || r.err.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("raw signatures whose octets begin 04 LL verify on every curve, both byte orders") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 320);
  TempDir d;
  int checked = 0;
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    for (const bool be : {false, true}) {
      INFO(c->name() << (be ? " raw-be" : " raw"));
      std::string message;  // the file whose GOST 34.311 digest the lookalike signs
      const auto look = dstu::test::der_lookalike(*c, be, rng, [&](std::uint64_t i) {
        message = "file " + std::to_string(i) + " of " + c->name() + "\n";
        const auto h = dstu::hash::Gost34311::hash({reinterpret_cast<const std::uint8_t*>(message.data()), message.size()});
        return Bytes(h.begin(), h.end());
      });
      if (!look) continue;  // s_be cannot begin 04 LL below n on this curve
      write(d / "k.pub", text(dstu::pkix::encode_spki(look->key.public_key())));
      write(d / "m", message);
      write(d / "m.sig", text(look->octets));
      const char* format = be ? "raw-be" : "raw";
      if (!be) {
        const auto r = run_dstu({"verify", "-p", d / "k.pub", d / "m"});
        CHECK(r.status == 0);
        CHECK(says(r, "OK"));
      }
      CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig-format", format, d / "m"}).status == 0);
      // The same file changed by one byte: a real INVALID, exit 1.
      write(d / "m", message + "!");
      CHECK(run_dstu({"verify", "-q", "-p", d / "k.pub", "--sig-format", format, "--sig", d / "m.sig", d / "m"}).status == 1);
      ++checked;
    }
  }
  CHECK(checked >= 15);
}

TEST_CASE("malformed signature files are errors, not verdicts") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "m", "signed text\n");
  REQUIRE(run_dstu({"sign", "-k", d / "k", "--sig-format", "raw", "-o", d / "raw.sig", d / "m"}).status == 0);
  REQUIRE(run_dstu({"sign", "-k", d / "k", "-o", d / "armor.sig", d / "m"}).status == 0);
  const std::string raw = read(d / "raw.sig");
  REQUIRE(raw.size() == 64);  // dstu257, the default curve
  auto verify = [&](const std::string& sig, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"verify", "-p", d / "k.pub", "--sig", d / "bad.sig"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(d / "m");
    write(d / "bad.sig", sig);
    return run_dstu(args);
  };
  auto r = verify("");
  CHECK(r.status == 2);
  CHECK(says(r, "empty"));
  for (std::size_t n : {1u, 2u, 62u, 63u, 65u, 66u, 128u}) {
    INFO(n);
    r = verify(raw.substr(0, std::min<std::size_t>(n, raw.size())) + std::string(n > raw.size() ? n - raw.size() : 0, '\0'));
    CHECK(r.status == 2);
    CHECK(says(r, "a raw dstu257 signature has 64"));
  }
  // The longer halves DSTU 4145 allows, only when the user says raw.
  Bytes longer(raw.begin(), raw.begin() + 32);
  longer.insert(longer.end(), 2, 0);
  longer.insert(longer.end(), raw.begin() + 32, raw.end());
  longer.insert(longer.end(), 2, 0);
  CHECK(verify(text(longer)).status == 2);
  CHECK(verify(text(longer), {"--sig-format", "raw"}).status == 0);
  // DER around the octets: only with --sig-format der, with a hint otherwise.
  dstu::der::Writer w;
  w.octet_string(Bytes(raw.begin(), raw.end()));
  const std::string der = text(w.finish());
  r = verify(der);
  CHECK(r.status == 2);
  CHECK(says(r, "--sig-format der"));
  CHECK(verify(der, {"--sig-format", "der"}).status == 0);
  CHECK(verify(raw, {"--sig-format", "der"}).status == 2);
  // Armor with a Base64 line deleted, or with trailing garbage.
  const std::string armor = read(d / "armor.sig");
  const std::size_t body = armor.find("\n\n") + 2;
  const std::string cut = armor.substr(0, body) + armor.substr(armor.find('\n', body) + 1);
  r = verify(cut);
  CHECK(r.status == 2);
  CHECK(says(r, "damaged or truncated"));
  CHECK(verify(armor).status == 0);
  CHECK(verify(armor + "x").status == 2);
  // An armored file named as raw: an error with a hint.
  r = verify(armor, {"--sig-format", "raw"});
  CHECK(r.status == 2);
  CHECK(says(r, "drop --sig-format"));
}

TEST_CASE("SHA-1: sign refuses it in one line (exit 2); verify reads a DSTU 4145 signature made with it") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "m", "an old document\n");
  auto r = run_dstu({"sign", "-k", d / "k", "--hash", "sha1", d / "m"});
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(dstu::test::count_lines(r.err) == 1);
  CHECK(says(r, "--hash sha1 makes no new signatures"));
  CHECK_FALSE(std::filesystem::exists(d / "m.sig"));
  // Refused before the key is read: a missing key file is not what it reports.
  r = run_dstu({"sign", "-k", d / "no-such-key", "--hash", "sha1", d / "m"});
  CHECK(r.status == 2);
  CHECK(says(r, "sha1"));
  // A signature another tool made over SHA-1 (here the library, on a fresh key).
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 321);
  const ec2m::Curve& c = ec2m::Curve::named("dstu257");
  const d4::PrivateKey key = d4::generate_key(c, rng);
  write(d / "old.pub", text(dstu::pkix::encode_spki(key.public_key())));
  const std::string message = "an old document\n";
  const Bytes digest = dstu::hash::Sha1::hash(160, {reinterpret_cast<const std::uint8_t*>(message.data()), message.size()});
  write(d / "old.sig", text(d4::encode_signature_le(c, d4::sign_digest(key, digest, rng, 1))));
  r = run_dstu({"verify", "-p", d / "old.pub", "--hash", "sha1", "--sig", d / "old.sig", d / "m"});
  CHECK(r.status == 0);
  CHECK(says(r, "OK"));
  CHECK(run_dstu({"verify", "-p", d / "old.pub", "--sig", d / "old.sig", d / "m"}).status == 1);  // not gost34311's
}
