// CMS SignedData written by sign_cms (dstu/pkix/cms_sign.hpp), read by OpenSSL: `openssl cms
// -verify` accepts the ECDSA P-256 signatures, detached and attached, under the signer's
// self-signed certificate as the anchor, and refuses one over other content; `openssl cms
// -cmsout -print` parses the DSTU 4145 ones (GOST 34.311 and Kupyna-256), whose algorithms
// it does not know; files co-signed by add_cms_signer (ours, and OpenSSL's own) verify with
// every signer; the RSA ones (PKCS#1 v1.5 and PSS, SHA-256 to SHA-512, detached and
// attached) verify under the RSA test key's certificate, and not with a flipped signature
// octet. Exit 77 (skipped) where the openssl command is missing.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/scheme.hpp"

using dstu::Bytes;
namespace fs = std::filesystem;
namespace pkix = dstu::pkix;

namespace {

Bytes read_path(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

void write_path(const fs::path& path, const Bytes& data) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  REQUIRE(out.good());
}

std::string cms_path(const std::string& name) { return std::string(DSTU_PKI_CMS) + "/" + name; }
std::string cert_path(const std::string& name) { return std::string(DSTU_PKI_CERTS) + "/" + name; }

void skip_without_openssl() {
  if (std::system("openssl version > /dev/null 2>&1") != 0) {
    MESSAGE("no openssl here: skipped");
    std::exit(77);
  }
}

/// A directory of its own under the system's temporary one, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "dstu-cms-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

int run(const std::string& command) { return std::system((command + " > /dev/null 2>&1").c_str()); }

Bytes sign(const pkix::AnyPrivateKey& key, const pkix::Certificate& cert, const Bytes& content, bool attached,
           const std::string& hash = {}) {
  dstu::rng::OsRandom rng;
  pkix::CmsSignOptions options;
  options.attached = attached;
  options.hash = hash;
  return pkix::sign_cms(key, cert, content, options, rng);
}

}  // namespace

TEST_CASE("openssl cms -verify accepts sign_cms's ECDSA P-256 signatures, detached and attached") {
  skip_without_openssl();
  TempDir d;
  const Bytes content = read_path(cms_path("content.txt"));
  const pkix::AnyPrivateKey key = pkix::private_key(pkix::read_key_file(read_path(cms_path("ecdsa-key.pem")), nullptr).key);
  const pkix::Certificate cert = pkix::read_certificate(read_path(cms_path("ecdsa-cert.pem")));
  write_path(d / "content", content);
  write_path(d / "other", Bytes{'o', 't', 'h', 'e', 'r'});
  write_path(d / "detached.p7s", sign(key, cert, content, false));
  write_path(d / "attached.p7s", sign(key, cert, content, true));
  const std::string verify = "openssl cms -verify -binary -inform DER -CAfile '" + cms_path("ecdsa-cert.pem") + "'";
  CHECK(run(verify + " -in '" + (d / "detached.p7s") + "' -content '" + (d / "content") + "' -out '" +
            (d / "out1") + "'") == 0);
  CHECK(read_path(d / "out1") == content);
  CHECK(run(verify + " -in '" + (d / "attached.p7s") + "' -out '" + (d / "out2") + "'") == 0);
  CHECK(read_path(d / "out2") == content);
  CHECK(run(verify + " -in '" + (d / "detached.p7s") + "' -content '" + (d / "other") + "' -out /dev/null") != 0);
}

TEST_CASE("openssl cms -cmsout -print parses sign_cms's DSTU 4145 signatures") {
  skip_without_openssl();
  TempDir d;
  const pkix::AnyPrivateKey key = pkix::decode_pkcs8(read_path(cert_path("PRIV1.cer")));
  const pkix::Certificate cert = pkix::read_certificate(read_path(cert_path("SELF_SIGNED1.cer")));
  const Bytes content{'1', '2', '3'};
  for (const char* hash : {"gost34311", "kupyna256"}) {
    for (bool attached : {true, false}) {
      INFO(hash << (attached ? " attached" : " detached"));
      write_path(d / "s.p7s", sign(key, cert, content, attached, hash));
      CHECK(run("openssl cms -cmsout -print -inform DER -in '" + (d / "s.p7s") + "'") == 0);
      CHECK(run("openssl asn1parse -inform DER -in '" + (d / "s.p7s") + "'") == 0);
    }
  }
}

TEST_CASE("openssl cms -verify accepts a SignedData add_cms_signer co-signed, every signer checked") {
  skip_without_openssl();
  TempDir d;
  const Bytes content = read_path(cms_path("content.txt"));
  const pkix::AnyPrivateKey key = pkix::private_key(pkix::read_key_file(read_path(cms_path("ecdsa-key.pem")), nullptr).key);
  const pkix::Certificate cert = pkix::read_certificate(read_path(cms_path("ecdsa-cert.pem")));
  dstu::rng::OsRandom rng;
  pkix::CmsSignOptions sha384;
  sha384.hash = "sha384";
  const Bytes one = sign(key, cert, content, true);
  const Bytes two = pkix::add_cms_signer(one, key, cert, std::nullopt, sha384, rng);
  REQUIRE(pkix::read_signed_data(two).signers.size() == 2);
  write_path(d / "two.p7s", two);
  const std::string verify = "openssl cms -verify -binary -inform DER -CAfile '" + cms_path("ecdsa-cert.pem") + "'";
  CHECK(run(verify + " -in '" + (d / "two.p7s") + "' -out '" + (d / "out") + "'") == 0);
  CHECK(read_path(d / "out") == content);
  // The second signer's signature altered: OpenSSL refuses the file.
  Bytes bad = two;
  const Bytes sig = pkix::read_signed_data(two).signers.at(1).signature;
  const auto at = std::search(bad.begin(), bad.end(), sig.begin(), sig.end());
  REQUIRE(at != bad.end());
  at[sig.size() - 2] ^= 0x01;
  write_path(d / "bad.p7s", bad);
  CHECK(run(verify + " -in '" + (d / "bad.p7s") + "' -out /dev/null") != 0);
  // OpenSSL's own attached file, co-signed: its signer and ours both verify in OpenSSL.
  const Bytes theirs = read_path(cms_path("ecdsa-attached.p7s"));
  write_path(d / "theirs2.p7s", pkix::add_cms_signer(theirs, key, cert, std::nullopt, sha384, rng));
  CHECK(run(verify + " -in '" + (d / "theirs2.p7s") + "' -out /dev/null") == 0);
}

TEST_CASE("openssl cms -verify accepts sign_cms's RSA signatures: PKCS#1 v1.5 and PSS, and a co-signed file") {
  skip_without_openssl();
  TempDir d;
  const Bytes content = read_path(cms_path("content.txt"));
  const pkix::AnyPrivateKey key = pkix::private_key(pkix::read_key_file(read_path(cms_path("rsa-key.pem")), nullptr).key);
  const pkix::Certificate cert = pkix::read_certificate(read_path(cms_path("rsa-cert.pem")));
  write_path(d / "content", content);
  dstu::rng::OsRandom rng;
  const std::string verify = "openssl cms -verify -binary -inform DER -CAfile '" + cms_path("rsa-cert.pem") + "'";
  const struct {
    const char* hash;
    dstu::rsa::Scheme scheme;
  } cases[] = {
      {"sha256", {dstu::rsa::Padding::pkcs1v15, dstu::rsa::kSaltHashLength}},
      {"sha512", {dstu::rsa::Padding::pkcs1v15, dstu::rsa::kSaltHashLength}},
      {"sha256", {dstu::rsa::Padding::pss, dstu::rsa::kSaltHashLength}},
      {"sha384", {dstu::rsa::Padding::pss, 20}},
  };
  for (const auto& c : cases) {
    for (bool attached : {false, true}) {
      INFO(c.hash << " " << dstu::rsa::padding_name(c.scheme.padding) << (attached ? " attached" : " detached"));
      pkix::CmsSignOptions options;
      options.attached = attached;
      options.hash = c.hash;
      options.rsa_scheme = c.scheme;
      const Bytes p7 = pkix::sign_cms(key, cert, content, options, rng);
      write_path(d / "s.p7s", p7);
      const std::string in = " -in '" + (d / "s.p7s") + "'" + (attached ? "" : " -content '" + (d / "content") + "'");
      CHECK(run(verify + in + " -out '" + (d / "out") + "'") == 0);
      CHECK(read_path(d / "out") == content);
      Bytes bad = p7;
      bad[bad.size() - 3] ^= 0x01;  // inside the signature, the SignerInfo's last field
      write_path(d / "s.p7s", bad);
      CHECK(run(verify + in + " -out /dev/null") != 0);
    }
  }
  // OpenSSL's own RSA file co-signed with PSS: both signers verify in OpenSSL.
  pkix::CmsSignOptions pss;
  pss.rsa_scheme = {dstu::rsa::Padding::pss, dstu::rsa::kSaltHashLength};
  write_path(d / "two.p7s", pkix::add_cms_signer(read_path(cms_path("rsa-pss-attached.p7s")), key, cert, std::nullopt,
                                                 pss, rng));
  CHECK(run(verify + " -in '" + (d / "two.p7s") + "' -out /dev/null") == 0);
}
