// Java key stores (dstu/pkix/container.hpp): the PrivatBank-style fixture (dstu-engine's,
// store password "123456", key password "qwerty") reads to its two keys, the
// key-agreement key certified by the last certificate of the entry's chain of three (a
// root, a tax-service CA, the payer); the same behind M.E.Doc's 6-octet header. A
// wrong store or key password is told as such, structural damage as damage, and every
// truncation is a clean error; stores made here hold several entries, a trusted
// certificate among them, and passwords beyond ASCII. The store's SHA-1 check cannot
// tell a wrong store password from a changed octet: that error says both.
#include <doctest/doctest.h>

#include <algorithm>

#include "container_fixture.hpp"
#include "dstu/base/der.hpp"
#include "dstu/hash/hasher.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;
using dstu::test::container_fixture;
using dstu::test::curve_of;
using dstu::test::fault_of;
using dstu::test::text;

namespace {

const Bytes kStore = text("123456");
const Bytes kKey = text("qwerty");

pkix::Container read(const Bytes& file, const Bytes& store = kStore, const Bytes& key = kKey) {
  return pkix::read_container(file, store, key);
}

std::string message_of(const Bytes& file, const Bytes& store, const Bytes& key) {
  try {
    read(file, store, key);
  } catch (const dstu::Error& e) {
    return e.what();
  }
  FAIL("read");
  return "";
}

}  // namespace

TEST_CASE("JKS: the fixture's keys, the key-agreement key certified by the end of its chain") {
  const Bytes file = container_fixture("key.jks");
  REQUIRE(pkix::container_format(file) == pkix::ContainerFormat::jks);
  const pkix::Container c = read(file);
  CHECK(c.format == pkix::ContainerFormat::jks);
  // One entry, "test": its PrivateKeyInfo is the one of Key-6.dat (a 257-bit signing
  // key, a 431-bit key-agreement key in the attributes), its chain the root, the
  // tax-service CA and the payer's key-agreement certificate, in that order.
  REQUIRE(c.keys.size() == 2);
  CHECK(curve_of(c.keys[0].key) == "dstu257");
  CHECK(curve_of(c.keys[1].key) == "dstu431");
  REQUIRE(c.certificates.size() == 3);
  for (const auto& k : c.keys) {
    CHECK(k.alias == "test");
    CHECK(k.chain == c.certificates);
    CHECK(dstu::test::signs(k.key));
  }
  CHECK(dstu::test::certifies(c.certificates[2], c.keys[1].key));
  for (const auto& cert : c.certificates) CHECK(!dstu::test::certifies(cert, c.keys[0].key));
  const pkix::Container key6 = pkix::read_container(container_fixture("Key-6.dat"), text("tect4"));
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(pkix::key_id(pkix::public_key(c.keys[i].key)) == pkix::key_id(pkix::public_key(key6.keys[i].key)));
  }
}

TEST_CASE("JKS: M.E.Doc's 6-octet header is stepped over") {
  Bytes file = container_fixture("key.jks");
  const pkix::Container plain = read(file);
  file.insert(file.begin(), {0x00, 0x01, 0x02, 0x03, 0x04, 0x05});
  REQUIRE(pkix::container_format(file) == pkix::ContainerFormat::jks);
  const pkix::Container c = read(file);
  REQUIRE(c.keys.size() == plain.keys.size());
  CHECK(pkix::key_id(pkix::public_key(c.keys[0].key)) == pkix::key_id(pkix::public_key(plain.keys[0].key)));
}

TEST_CASE("JKS: wrong store and key passwords, damage") {
  const Bytes file = container_fixture("key.jks");
  CHECK(fault_of([&] { read(file, text("654321")); }) == pkix::ContainerFault::wrong_password);
  CHECK(fault_of([&] { read(file, kStore, text("qwertz")); }) == pkix::ContainerFault::wrong_password);
  CHECK(message_of(file, kStore, text("qwertz")).find("wrong key password for entry 'test'") != std::string::npos);
  // A changed octet in the key or in the digest: the store check fails, and with two
  // passwords nothing tells why; the error says both.
  for (std::size_t at : {std::size_t{0x100}, file.size() - 1}) {
    Bytes bad = file;
    bad[at] ^= 0x01;
    CAPTURE(at);
    const std::string m = message_of(bad, kStore, kKey);
    CHECK(m.find("wrong store password") != std::string::npos);
    CHECK(m.find("damaged") != std::string::npos);
  }
  // An entry tag out of range is damage whatever the passwords.
  Bytes bad = file;
  bad[15] = 7;
  CHECK(fault_of([&] { read(bad); }) == pkix::ContainerFault::damaged);
  // Version 1 stores are another format.
  bad = file;
  bad[7] = 1;
  CHECK(fault_of([&] { read(bad); }) == pkix::ContainerFault::unsupported);
}

TEST_CASE("JKS: every truncation is a clean error") {
  const Bytes file = container_fixture("key.jks");
  dstu::test::check_truncations(file, [](const Bytes& cut) { return read(cut); });
}

namespace {

/// The store's digest over `body` under a store password ("123456" unless given as
/// UTF-16BE): SHA-1 of the password as UTF-16BE, "Mighty Aphrodite" and the body,
/// written out here.
Bytes with_digest(Bytes body, const Bytes& password16 = {0, '1', 0, '2', 0, '3', 0, '4', 0, '5', 0, '6'}) {
  auto h = dstu::hash::make_hasher("sha1");
  h->update(password16);
  h->update(text("Mighty Aphrodite"));
  h->update(body);
  const Bytes d = h->final();
  body.insert(body.end(), d.begin(), d.end());
  return body;
}

/// UTF-16BE of a UTF-16 string.
Bytes utf16be(std::u16string_view s) {
  Bytes out;
  for (char16_t c : s) out.insert(out.end(), {static_cast<std::uint8_t>(c >> 8), static_cast<std::uint8_t>(c)});
  return out;
}

/// Sun's KeyProtector over a PrivateKeyInfo, written out: salt || plain XOR the SHA-1
/// stream of (password, salt) || SHA-1(password || plain), in its EncryptedPrivateKeyInfo.
Bytes key_protector(const Bytes& plain, const Bytes& password16) {
  auto h = dstu::hash::make_hasher("sha1");
  const Bytes salt(20, 0x2a);
  Bytes data = salt, block = salt;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    if (i % 20 == 0) {
      h->update(password16);
      h->update(block);
      block = h->final();
    }
    data.push_back(plain[i] ^ block[i % 20]);
  }
  h->update(password16);
  h->update(plain);
  const Bytes check = h->final();
  data.insert(data.end(), check.begin(), check.end());
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.begin(dstu::der::kSequence);
  w.oid("1.3.6.1.4.1.42.2.17.1.1");
  w.null();
  w.end();
  w.octet_string(data);
  w.end();
  return w.finish();
}

}  // namespace

TEST_CASE("JKS: store and key passwords beyond ASCII, as UTF-16BE") {
  const pkix::Container key6 = pkix::read_container(container_fixture("Key-6.dat"), text("tect4"));
  const auto info = pkix::encode_pkcs8(key6.keys[0].key);
  const std::u16string store = u"сховище", key = u"ключ";
  const Bytes sealed = key_protector(Bytes(info.begin(), info.end()), utf16be(key));
  Bytes body = {0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 'k', 0, 0, 0, 0, 0, 0, 0, 0};
  for (int shift : {24, 16, 8, 0}) body.push_back(static_cast<std::uint8_t>(sealed.size() >> shift));
  body.insert(body.end(), sealed.begin(), sealed.end());
  body.insert(body.end(), {0, 0, 0, 0});  // no chain
  const Bytes file = with_digest(body, utf16be(store));
  // The passwords as the caller gives them: UTF-8.
  const Bytes store8 = dstu::from_hex("d181d185d0bed0b2d0b8d189d0b5"), key8 = dstu::from_hex("d0bad0bbd18ed187");
  const pkix::Container c = read(file, store8, key8);
  REQUIRE(c.keys.size() == 1);
  CHECK(c.keys[0].alias == "k");
  CHECK(pkix::key_id(c.keys[0].public_key) == pkix::key_id(key6.keys[0].public_key));
  CHECK(fault_of([&] { read(file, store8, store8); }) == pkix::ContainerFault::wrong_password);
  CHECK(fault_of([&] { read(file, key8, key8); }) == pkix::ContainerFault::wrong_password);
}

TEST_CASE("JKS: several entries, a trusted certificate among them") {
  const Bytes file = container_fixture("key.jks");
  const pkix::Container plain = read(file);
  // The fixture's key entry twice (aliases "test" and "tesu"), then a trusted
  // certificate entry (tag 2, alias "ca", a date, "X.509" and the root's DER).
  const Bytes entry(file.begin() + 12, file.end() - 20);
  Bytes second = entry;
  second[9] = 'u';  // "test" -> "tesu"
  Bytes body(file.begin(), file.begin() + 12);
  body[11] = 3;
  body.insert(body.end(), entry.begin(), entry.end());
  body.insert(body.end(), second.begin(), second.end());
  const Bytes& root = plain.certificates[0];
  Bytes trusted = {0, 0, 0, 2, 0, 2, 'c', 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 'X', '.', '5', '0', '9'};
  for (int shift : {24, 16, 8, 0}) trusted.push_back(static_cast<std::uint8_t>(root.size() >> shift));
  trusted.insert(trusted.end(), root.begin(), root.end());
  body.insert(body.end(), trusted.begin(), trusted.end());
  const pkix::Container c = read(with_digest(body));
  REQUIRE(c.keys.size() == 4);
  CHECK(c.keys[0].alias == "test");
  CHECK(c.keys[2].alias == "tesu");
  CHECK(pkix::key_id(c.keys[2].public_key) == pkix::key_id(plain.keys[0].public_key));
  REQUIRE(c.certificates.size() == 7);
  CHECK(c.certificates[6] == root);
  CHECK(c.keys[3].chain.size() == 3);
}
