// RSA key files dstu writes (key_file.hpp), read by OpenSSL: `openssl pkey -check` on the
// private key files (PKCS#8 PEM and DER, PKCS#1, and sealed with AES PBES2 under
// `-passin`), `openssl pkey -pubin` on the SPKI files and `openssl rsa -RSAPublicKey_in`
// on the PKCS#1 public ones, at 1024 to 4096 bits and on a key of dstu's own generation;
// what OpenSSL prints back is dstu's own PKCS#8 / SPKI file, octet for octet; OpenSSL's
// legacy PEM encryption refused with the command that converts it. Exit 77
// (skipped) where the openssl command is missing.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/pkix/rsa_key.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"
#include "rsa_key_fixture.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace fs = std::filesystem;
namespace pkix = dstu::pkix;
namespace rsa = dstu::rsa;

namespace {

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
    std::string pattern = (fs::temp_directory_path() / "dstu-rsa-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

template <class Octets>
void write(const std::string& path, const Octets& data) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  REQUIRE(out.good());
}

/// The command's exit status and standard output (its standard error discarded).
std::pair<int, Bytes> run(const std::string& command) {
  FILE* p = ::popen((command + " 2>/dev/null").c_str(), "r");
  REQUIRE(p != nullptr);
  Bytes out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.insert(out.end(), buf, buf + n);
  const int status = ::pclose(p);
  return {status, out};
}

Bytes plain(const dstu::SecureBytes& s) { return Bytes(s.begin(), s.end()); }

}  // namespace

TEST_CASE("openssl pkey reads the RSA key files dstu writes, 1024 to 4096 bits, clear and AES-sealed") {
  skip_without_openssl();
  using pkix::KeyFileEncoding;
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 3003);
  std::vector<rsa::PrivateKey> keys = {rsa::generate_key(2048, rng)};
  for (const std::size_t bits : {1024, 2048, 3072, 4096}) {
    keys.push_back(pkix::decode_pkcs1_private_key(dstu::test::rsa_key_vector(bits, "pkcs1.der")));
  }
  const std::string pass = "dstu writes, openssl reads";
  const std::span<const std::uint8_t> pass_octets(reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size());
  TempDir dir;
  for (const rsa::PrivateKey& key : keys) {
    INFO("bits " << key.bits());
    const Bytes pkcs8_pem = plain(pkix::encode_private_key_file(key, KeyFileEncoding::pem));
    const Bytes spki_pem = pkix::encode_public_key_file(key.public_key(), KeyFileEncoding::pem);
    write(dir / "k.pem", pkcs8_pem);
    write(dir / "k.der", pkix::encode_private_key_file(key, KeyFileEncoding::der));
    write(dir / "k1.pem", pkix::encode_pkcs1_private_key_file(key, KeyFileEncoding::pem));
    write(dir / "pub.pem", spki_pem);
    write(dir / "pub.der", pkix::encode_public_key_file(key.public_key(), KeyFileEncoding::der));
    write(dir / "rsapub.pem", pkix::encode_pkcs1_public_key_file(key.public_key(), KeyFileEncoding::pem));
    write(dir / "enc.pem", pkix::encode_protected_key_file(key, KeyFileEncoding::pem, pass_octets, 10'000, rng,
                                                           pkix::Dstu4145Form::uapki, pkix::KeyEncryption::aes256_cbc));
    write(dir / "enc.der", pkix::encode_protected_key_file(key, KeyFileEncoding::der, pass_octets, 10'000, rng,
                                                           pkix::Dstu4145Form::uapki, pkix::KeyEncryption::aes256_cbc));
    // `-check` checks the key (RSA_check_key: primes, d, the CRT values); without it,
    // openssl pkey prints a private key as PKCS#8 PEM and a public one as SPKI PEM.
    const std::string passin = "-passin 'pass:" + pass + "' ";
    for (const std::string& args : {"-in '" + (dir / "k.pem") + "'", "-inform DER -in '" + (dir / "k.der") + "'",
                                    "-in '" + (dir / "k1.pem") + "'", passin + "-in '" + (dir / "enc.pem") + "'",
                                    passin + "-inform DER -in '" + (dir / "enc.der") + "'"}) {
      INFO(args);
      CHECK(run("openssl pkey -check -noout " + args).first == 0);
      CHECK(run("openssl pkey " + args) == std::pair{0, pkcs8_pem});
    }
    CHECK(run("openssl pkey -pubin -in '" + (dir / "pub.pem") + "'") == std::pair{0, spki_pem});
    CHECK(run("openssl pkey -pubin -inform DER -in '" + (dir / "pub.der") + "'") == std::pair{0, spki_pem});
    CHECK(run("openssl rsa -RSAPublicKey_in -pubout -in '" + (dir / "rsapub.pem") + "'") == std::pair{0, spki_pem});
    CHECK(run("openssl pkey -passin pass:wrong -in '" + (dir / "enc.pem") + "'").first != 0);
  }
}

TEST_CASE("OpenSSL's legacy PEM encryption of an RSA key is refused with the way to convert it") {
  skip_without_openssl();
  TempDir dir;
  const std::string legacy = dir / "legacy.pem";
  REQUIRE(run("openssl rsa -traditional -aes256 -passout pass:x -out '" + legacy + "' -in '" +
              std::string(DSTU_TEST_VECTORS) + "/rsa/keys/rsa1024.pkcs1.pem'")
              .first == 0);
  std::ifstream in(legacy, std::ios::binary);
  const Bytes file(std::istreambuf_iterator<char>(in), {});
  REQUIRE(std::string(file.begin(), file.end()).find("Proc-Type: 4,ENCRYPTED") != std::string::npos);
  dstu::test::FixedPassphrase pass("x");
  try {
    (void)pkix::read_key_file(file, &pass);
    FAIL("read");
  } catch (const dstu::Error& e) {
    CHECK(std::string(e.what()).find("legacy OpenSSL encryption") != std::string::npos);
    CHECK(std::string(e.what()).find("openssl pkcs8 -topk8") != std::string::npos);
  }
}
