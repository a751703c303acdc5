// PKCS#12 (dstu/pkix/container.hpp): the IIT-style fixture (dstu-engine's, password
// "testplat2021", two shrouded key bags under PBES2 with PBKDF2-HMAC-GOST34.311 and
// GOST 28147-CFB, a GOST 34.311 MAC) reads to its two keys with their localKeyIDs. A
// wrong password fails the MAC and no key bag opens: wrong password; a changed MAC or
// key bag fails the MAC while a bag opens: damage; every truncation is a clean error.
// PFX files made here (their MAC key derived by RFC 7292 Appendix B written out in the
// test) carry certificate bags in nested safe contents, MACs over SHA-1 and SHA-256,
// and a MAC under the password's Windows-1251 form; OpenSSL's files TDES key bags and
// certificates in TDES-encrypted safe contents, and (OpenSSL 3's default) key bags and
// safe contents under PBES2 with PBKDF2-HMAC-SHA-256 and AES-CBC.
#include <doctest/doctest.h>

#include <algorithm>

#include "container_fixture.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/encrypted_key.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;
using dstu::test::container_fixture;
using dstu::test::curve_of;
using dstu::test::fault_of;
using dstu::test::text;

namespace {

const Bytes kPassword = text("testplat2021");

pkix::Container read(const Bytes& file, const Bytes& password = kPassword) {
  return pkix::read_container(file, password);
}

/// The offset of the first occurrence of `part` in `file` (which must hold it).
std::size_t find(const Bytes& file, const Bytes& part) {
  const auto it = std::search(file.begin(), file.end(), part.begin(), part.end());
  REQUIRE(it != file.end());
  return static_cast<std::size_t>(it - file.begin());
}

}  // namespace

TEST_CASE("PKCS#12: the fixture's two keys, with their curves and localKeyIDs") {
  const Bytes file = container_fixture("Key-6.pfx");
  REQUIRE(pkix::container_format(file) == pkix::ContainerFormat::pkcs12);
  const pkix::Container c = read(file);
  CHECK(c.format == pkix::ContainerFormat::pkcs12);
  REQUIRE(c.keys.size() == 2);
  CHECK(curve_of(c.keys[0].key) == "dstu257");
  CHECK(curve_of(c.keys[1].key) == "dstu431");
  CHECK(c.certificates.empty());
  // The localKeyIDs as the fixture's bag attributes hold them: each is its key's
  // identifier (GOST 34.311 of the public point), as IIT ties keys to certificates.
  CHECK(dstu::to_hex(c.keys[0].local_key_id) == "0a1bf83eb0797de1af95d4495b89e7bd9532dc8624e053242ee6427efee5c033");
  CHECK(dstu::to_hex(c.keys[1].local_key_id) == "ca3e804b68e2b60dc3af1eb60220c4c9b0e48fa87bd0e3377d2ad9294f4a5651");
  for (const auto& k : c.keys) {
    CHECK(k.local_key_id == pkix::key_id(k.public_key));
    CHECK(dstu::test::signs(k.key));
  }
}

TEST_CASE("PKCS#12: a wrong password is told as such, a changed MAC or key bag as damage") {
  const Bytes file = container_fixture("Key-6.pfx");
  CHECK(fault_of([&] { read(file, text("testplat2022")); }) == pkix::ContainerFault::wrong_password);
  // The MAC's digest is the file's last OCTET STRING before the iteration count.
  const std::size_t mac = file.size() - 4 - 32;
  const std::size_t first_bag = find(file, dstu::from_hex("7a568ef352d3803a"));  // in the first bag's ciphertext
  for (std::size_t at : {mac, mac + 31, first_bag}) {
    Bytes bad = file;
    bad[at] ^= 0x01;
    CAPTURE(at);
    CHECK(fault_of([&] { read(bad); }) == pkix::ContainerFault::damaged);
  }
}

TEST_CASE("PKCS#12: every truncation is a clean error") {
  const Bytes file = container_fixture("Key-6.pfx");
  dstu::test::check_truncations(file, [](const Bytes& cut) { return read(cut); });
}

TEST_CASE("PKCS#12: a key bag under another PBE is unsupported, naming its OID") {
  Bytes file = container_fixture("Key-6.pfx");
  // The first bag's PBES2 OID 1.2.840.113549.1.5.13 becomes ...1.5.3 (pbeWithMD5AndDES):
  // the MAC fails, and the bag is named, not taken for a wrong password.
  const std::size_t at = find(file, dstu::from_hex("06092a864886f70d01050d")) + 10;
  file[at] = 0x03;
  try {
    read(file);
    FAIL("read");
  } catch (const pkix::ContainerError& e) {
    CHECK(e.fault() == pkix::ContainerFault::unsupported);
    CHECK(std::string(e.what()).find("1.2.840.113549.1.5.3") != std::string::npos);
  }
}

namespace {

/// RFC 7292 Appendix B.2 for a MAC key of one hash output, written out: H^c(D || S || P),
/// D = v octets of 3, S and P the salt and the password repeated to multiples of v.
Bytes mac_key_twin(const std::string& hash_name, const Bytes& salt, const Bytes& bmp, int iterations) {
  auto h = dstu::hash::make_hasher(hash_name);
  const std::size_t v = h->block_size();
  Bytes input(v, 3);
  for (const Bytes* part : {&salt, &bmp}) {
    const std::size_t n = (part->size() + v - 1) / v * v;
    for (std::size_t i = 0; i < n; ++i) input.push_back((*part)[i % part->size()]);
  }
  Bytes a = input;
  for (int i = 0; i < iterations; ++i) {
    h->update(a);
    a = h->final();
  }
  return a;
}

/// A PFX as IIT-style tools write it, made here: one shrouded key bag (the fixture's
/// first key under PBES2, 4 iterations) with its localKeyID, one certificate bag inside
/// a safeContentsBag, and a MAC over `hash_name` (DigestInfo OID `hash_oid`) keyed by
/// `bmp` (the password as the MAC takes it; the bag's PBES2 takes `password`).
Bytes make_pfx(const std::string& hash_name, const std::string& hash_oid, const Bytes& password, const Bytes& bmp,
               const Bytes& certificate) {
  const pkix::Container fixture = pkix::read_container(container_fixture("Key-6.pfx"), kPassword);
  const auto info = pkix::encode_pkcs8(fixture.keys[0].key);
  dstu::rng::ChaCha20Drbg rng(12, 7);
  const Bytes sealed = pkix::encrypt_private_key_info(info, password, 4, rng);
  dstu::der::Writer inner;  // the SafeContents inside the safeContentsBag
  inner.begin(dstu::der::kSequence);
  inner.begin(dstu::der::kSequence);
  inner.oid("1.2.840.113549.1.12.10.1.3");
  inner.begin(dstu::der::context(0));
  inner.begin(dstu::der::kSequence);
  inner.oid("1.2.840.113549.1.9.22.1");
  inner.begin(dstu::der::context(0));
  inner.octet_string(certificate);
  for (int i = 0; i < 4; ++i) inner.end();
  inner.end();
  dstu::der::Writer sc;
  sc.begin(dstu::der::kSequence);
  sc.begin(dstu::der::kSequence);
  sc.oid("1.2.840.113549.1.12.10.1.2");
  sc.begin(dstu::der::context(0));
  sc.raw(sealed);
  sc.end();
  sc.begin(0x31);
  sc.begin(dstu::der::kSequence);
  sc.oid("1.2.840.113549.1.9.21");
  sc.begin(0x31);
  sc.octet_string(fixture.keys[0].local_key_id);
  for (int i = 0; i < 4; ++i) sc.end();
  sc.begin(dstu::der::kSequence);
  sc.oid("1.2.840.113549.1.12.10.1.6");
  sc.begin(dstu::der::context(0));
  sc.raw(inner.finish());
  sc.end();
  sc.end();
  sc.end();
  dstu::der::Writer as;
  as.begin(dstu::der::kSequence);
  as.begin(dstu::der::kSequence);
  as.oid("1.2.840.113549.1.7.1");
  as.begin(dstu::der::context(0));
  as.octet_string(sc.finish());
  for (int i = 0; i < 3; ++i) as.end();
  const Bytes auth_safe = as.finish();
  const Bytes salt(20, 0x5a);
  const auto mac = dstu::hash::Hmac::mac(hash_name, mac_key_twin(hash_name, salt, bmp, 3), auth_safe);
  dstu::der::Writer pfx;
  pfx.begin(dstu::der::kSequence);
  pfx.integer(std::uint64_t{3});
  pfx.begin(dstu::der::kSequence);
  pfx.oid("1.2.840.113549.1.7.1");
  pfx.begin(dstu::der::context(0));
  pfx.octet_string(auth_safe);
  pfx.end();
  pfx.end();
  pfx.begin(dstu::der::kSequence);
  pfx.begin(dstu::der::kSequence);
  pfx.begin(dstu::der::kSequence);
  pfx.oid(hash_oid);
  pfx.null();
  pfx.end();
  pfx.octet_string(Bytes(mac.begin(), mac.end()));
  pfx.end();
  pfx.octet_string(salt);
  pfx.integer(std::uint64_t{3});
  pfx.end();
  pfx.end();
  return pfx.finish();
}

/// The PFX without its MacData (RFC 7292 makes it optional).
Bytes without_mac(const Bytes& pfx) {
  dstu::der::Reader top(pfx);
  dstu::der::Reader fields = top.enter(dstu::der::kSequence, "PFX");
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.raw(fields.next().encoded);
  w.raw(fields.next().encoded);
  w.end();
  return w.finish();
}

/// The password as a BMPString with its terminating zero, for ASCII.
Bytes bmp_ascii(const Bytes& password) {
  Bytes out;
  for (std::uint8_t c : password) out.insert(out.end(), {0, c});
  out.insert(out.end(), {0, 0});
  return out;
}

}  // namespace

TEST_CASE("PKCS#12: certificate bags, nested safe contents, and MACs over GOST 34.311, SHA-1 and SHA-256") {
  const Bytes cert(64, 0x30);  // any octets: certificates are returned, not parsed
  const Bytes pass = text("pass");
  for (const auto& row : {std::pair<std::string, std::string>{"gost34311", "1.2.804.2.1.1.1.1.2.1"},
                           {"sha1", "1.3.14.3.2.26"},
                           {"sha256", "2.16.840.1.101.3.4.2.1"}}) {
    const std::string& name = row.first;  // not a structured binding: CAPTURE's lambda takes it (clang 14)
    const std::string& oid = row.second;
    CAPTURE(name);
    const Bytes file = make_pfx(name, oid, pass, bmp_ascii(pass), cert);
    const pkix::Container c = read(file, pass);
    REQUIRE(c.keys.size() == 1);
    CHECK(c.keys[0].local_key_id == pkix::key_id(pkix::public_key(c.keys[0].key)));
    REQUIRE(c.certificates.size() == 1);
    CHECK(c.certificates[0] == cert);
    CHECK(fault_of([&] { read(file, text("pasS")); }) == pkix::ContainerFault::wrong_password);
  }
  // An unknown MAC hash is named.
  const Bytes file = make_pfx("sha256", "2.16.840.1.101.3.4.2.1", pass, bmp_ascii(pass), cert);
  Bytes other = file;
  other[find(other, dstu::from_hex("0609608648016503040201")) + 10] = 0x09;
  CHECK_THROWS_WITH_AS(read(other, pass), doctest::Contains("2.16.840.1.101.3.4.2.9"), pkix::ContainerError);
}

TEST_CASE("PKCS#12: without a MAC, a key bag that does not open says the password is wrong") {
  const Bytes pass = text("pass");
  const Bytes file = without_mac(make_pfx("gost34311", "1.2.804.2.1.1.1.1.2.1", pass, bmp_ascii(pass), Bytes(8, 0x30)));
  CHECK(read(file, pass).keys.size() == 1);
  CHECK(fault_of([&] { read(file, text("pasS")); }) == pkix::ContainerFault::wrong_password);
}

TEST_CASE("PKCS#12: a MAC under the password's Windows-1251 octets is tried second") {
  // "пароль" in UTF-8 (what the caller gives) and in Windows-1251 (what the MAC and the
  // key bag were made under, each octet widened to a 16-bit unit for the MAC).
  const Bytes utf8 = dstu::from_hex("d0bfd0b0d180d0bed0bbd18c");
  const Bytes ansi = dstu::from_hex("efe0f0eeebfc");
  const Bytes cert(8, 0x30);
  const Bytes file = make_pfx("gost34311", "1.2.804.2.1.1.1.1.2.1", ansi, bmp_ascii(ansi), cert);
  const pkix::Container c = read(file, utf8);
  CHECK(c.keys.size() == 1);
  // Made under the UTF-16 of the same password, it reads on the first try.
  Bytes bmp;
  for (std::size_t i = 0; i < utf8.size(); i += 2) {
    const unsigned cp = ((utf8[i] & 0x1fu) << 6) | (utf8[i + 1] & 0x3fu);
    bmp.insert(bmp.end(), {static_cast<std::uint8_t>(cp >> 8), static_cast<std::uint8_t>(cp)});
  }
  bmp.insert(bmp.end(), {0, 0});
  CHECK(read(make_pfx("gost34311", "1.2.804.2.1.1.1.1.2.1", utf8, bmp, cert), utf8).keys.size() == 1);
}

TEST_CASE("PKCS#12 as OpenSSL writes it: TDES key bags and safe contents (RFC 7292 Appendix C), SHA-1/256 MACs") {
  // openssl pkcs12 -export -keypbe PBE-SHA1-3DES -certpbe NONE|PBE-SHA1-3DES -macalg
  // sha1|sha256 over a P-256 key and its self-signed certificate
  // (test-vectors/pki/containers/README.md).
  const Bytes cert = container_fixture("openssl-p256.cer");
  for (const char* name :
       {"openssl-p256-tdes-sha1.p12", "openssl-p256-tdes-sha256.p12", "openssl-p256-tdes-encrypted-certs.p12"}) {
    CAPTURE(name);
    const Bytes file = container_fixture(name);
    const pkix::Container c = read(file, text("pass"));
    REQUIRE(c.keys.size() == 1);
    CHECK(curve_of(c.keys[0].key) == "P-256");
    CHECK(c.keys[0].local_key_id.size() == 20);
    REQUIRE(c.certificates.size() == 1);
    CHECK(c.certificates[0] == cert);
    CHECK(dstu::test::certifies(cert, c.keys[0].key));
    CHECK(fault_of([&] { read(file, text("pasS")); }) == pkix::ContainerFault::wrong_password);
    Bytes bad = file;
    bad[bad.size() - 20] ^= 0x01;  // in the MAC digest: the MAC fails, the key bag opens
    CHECK(fault_of([&] { read(bad, text("pass")); }) == pkix::ContainerFault::damaged);
  }
}

TEST_CASE("PKCS#12 as OpenSSL 3 writes it by default: PBES2 with PBKDF2-HMAC-SHA-256 and AES-CBC, SHA-2 MACs") {
  // openssl pkcs12 -export with its defaults (AES-256-CBC for the key bag and for the
  // safe contents of the certificate bag, a SHA-256 MAC), and with AES-128 for the key,
  // AES-192 for the certificates and a SHA-512 MAC (test-vectors/pki/containers/README.md).
  const Bytes cert = container_fixture("openssl-p256.cer");
  for (const char* name : {"openssl-p256-aes256-sha256.p12", "openssl-p256-aes128-aes192-sha512.p12"}) {
    CAPTURE(name);
    const Bytes file = container_fixture(name);
    const pkix::Container c = read(file, text("pass"));
    REQUIRE(c.keys.size() == 1);
    CHECK(curve_of(c.keys[0].key) == "P-256");
    CHECK(c.keys[0].local_key_id.size() == 20);
    REQUIRE(c.certificates.size() == 1);
    CHECK(c.certificates[0] == cert);
    CHECK(dstu::test::certifies(cert, c.keys[0].key));
    CHECK(fault_of([&] { read(file, text("pasS")); }) == pkix::ContainerFault::wrong_password);
    Bytes bad = file;
    bad[bad.size() - 20] ^= 0x01;  // in the MAC digest: the MAC fails, the key bag opens
    CHECK(fault_of([&] { read(bad, text("pass")); }) == pkix::ContainerFault::damaged);
    // Without the MAC, the password is told by the padding the AES-CBC decryptions end in.
    const Bytes bare = without_mac(file);
    CHECK(read(bare, text("pass")).keys.size() == 1);
    CHECK(fault_of([&] { read(bare, text("pasS")); }) == pkix::ContainerFault::wrong_password);
  }
}
