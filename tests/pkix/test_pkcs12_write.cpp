// PKCS#12 written (dstu/pkix/container.hpp's write_pkcs12). The IIT profile has the
// structure of the IIT-style fixture Key-6.pfx element by element (the same OIDs, salt,
// IV and S-box sizes, iteration counts, MAC hash), and its key bags open with
// encrypted_key.hpp's reader; the OpenSSL profile names PBKDF2-HMAC-SHA-256, AES-256-CBC
// and a SHA-256 MAC. Both read back (read_pkcs12) to the same keys, localKeyIDs and
// certificates, the certificate bags tied to the key each certifies; a wrong password is
// told as such, a flipped octet as damage, every truncation is a clean error.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "container_fixture.hpp"
#include "pbes2.hpp"
#include "dstu/base/der.hpp"
#include "dstu/pkix/encrypted_key.hpp"

using dstu::Bytes;
namespace der = dstu::der;
namespace pkix = dstu::pkix;
using dstu::test::container_fixture;
using dstu::test::fault_of;
using dstu::test::text;

namespace {

/// True if `octets` are one DER SEQUENCE, whole.
bool is_sequence(std::span<const std::uint8_t> octets) {
  try {
    der::Reader r(octets);
    (void)r.enter(der::kSequence, "");
    r.finish("");
    return true;
  } catch (const dstu::Error&) {
    return false;
  }
}

/// The DER's skeleton: tags, OIDs, INTEGERs and NULLs as they are, OCTET STRINGs that
/// hold a SEQUENCE opened, other OCTET STRINGs by their size up to 64 octets (salts, IVs,
/// S-boxes, digests, identifiers) and as "octets" above (ciphertexts, whose size follows
/// the key's encoding).
void skeleton(std::span<const std::uint8_t> bytes, std::string& out) {
  der::Reader r(bytes);
  while (!r.empty()) {
    const der::Element e = r.next();
    if (e.tag == 0x06) {
      out += "oid " + der::decode_oid(e.content) + "\n";
    } else if (e.tag == 0x02) {
      out += "int " + dstu::to_hex(e.content) + "\n";
    } else if (e.tag == 0x05) {
      out += "null\n";
    } else if (e.tag == 0x04 && is_sequence(e.content)) {
      out += "octets {\n";
      skeleton(e.content, out);
      out += "}\n";
    } else if (e.tag & 0x20) {
      out += "tag " + std::to_string(e.tag) + " {\n";
      skeleton(e.content, out);
      out += "}\n";
    } else {
      out += "tag " + std::to_string(e.tag) + " " +
             (e.content.size() <= 64 ? std::to_string(e.content.size()) : std::string("octets")) + "\n";
    }
  }
}

std::string skeleton(const Bytes& file) {
  std::string out;
  skeleton(file, out);
  return out;
}

const Bytes kPassword = text("testplat2021");

/// The fixture's two DSTU 4145 keys (257-bit and 431-bit).
std::vector<pkix::AnyPrivateKey> fixture_keys() {
  std::vector<pkix::AnyPrivateKey> keys;
  for (auto& k : pkix::read_pkcs12(container_fixture("Key-6.pfx"), kPassword).keys) keys.push_back(k.key);
  return keys;
}

/// The content of every OCTET STRING of `der_bytes` (depth first, OCTET STRINGs that hold
/// a SEQUENCE opened) of exactly `size` octets.
void octet_strings(std::span<const std::uint8_t> bytes, std::size_t size, std::vector<Bytes>& out) {
  der::Reader r(bytes);
  while (!r.empty()) {
    const der::Element e = r.next();
    if (e.tag == 0x04 && is_sequence(e.content)) {
      octet_strings(e.content, size, out);
    } else if (e.tag & 0x20) {
      octet_strings(e.content, size, out);
    } else if (e.tag == 0x04 && e.content.size() == size) {
      out.emplace_back(e.content.begin(), e.content.end());
    }
  }
}

/// The public keys' identifiers of a container's keys, in order.
std::vector<Bytes> ids(const std::vector<pkix::ContainerKey>& keys) {
  std::vector<Bytes> out;
  for (const auto& k : keys) out.push_back(pkix::key_id(k.public_key));
  return out;
}

/// The SafeBags (bagId, localKeyID or empty) of the encrypted safe contents of a PFX
/// written here, opened by pbes2.hpp: the AuthenticatedSafe's second ContentInfo.
std::vector<std::pair<std::string, Bytes>> encrypted_bags(const Bytes& pfx, const Bytes& password) {
  der::Reader top(pfx);
  der::Reader p = top.enter(der::kSequence, "PFX");
  p.next();
  der::Reader ci = p.enter(der::kSequence, "authSafe");
  ci.oid("type");
  der::Reader c0 = ci.enter(der::context(0), "[0]");
  const auto auth_safe = c0.octet_string_view("data");
  der::Reader as_top(auth_safe);
  der::Reader as = as_top.enter(der::kSequence, "AuthenticatedSafe");
  as.next();
  der::Reader enc = as.enter(der::kSequence, "ContentInfo");
  REQUIRE(enc.oid("type") == "1.2.840.113549.1.7.6");
  der::Reader e0 = enc.enter(der::context(0), "[0]");
  der::Reader ed = e0.enter(der::kSequence, "EncryptedData");
  CHECK(ed.small_integer("version") == 0);
  der::Reader eci = ed.enter(der::kSequence, "EncryptedContentInfo");
  CHECK(eci.oid("contentType") == "1.2.840.113549.1.7.1");
  der::Reader alg = eci.enter(der::kSequence, "alg");
  REQUIRE(alg.oid("alg") == pkix::detail::kOidPbes2);
  const auto params = pkix::detail::read_pbes2_params(alg);
  const auto plain = pkix::detail::pbes2_decrypt(params, eci.expect(0x80, "content").content, password);
  REQUIRE(plain.has_value());
  std::vector<std::pair<std::string, Bytes>> bags;
  der::Reader sc_top(*plain);
  der::Reader sc = sc_top.enter(der::kSequence, "SafeContents");
  while (!sc.empty()) {
    der::Reader bag = sc.enter(der::kSequence, "SafeBag");
    std::string id = bag.oid("bagId");
    bag.next();
    Bytes local;
    if (!bag.empty()) {
      der::Reader attrs = bag.enter(0x31, "attributes");
      der::Reader attr = attrs.enter(der::kSequence, "attribute");
      CHECK(attr.oid("type") == "1.2.840.113549.1.9.21");
      der::Reader values = attr.enter(0x31, "values");
      local = values.octet_string("localKeyID");
      CHECK(attrs.empty());
    }
    bags.emplace_back(std::move(id), std::move(local));
  }
  return bags;
}

}  // namespace

TEST_CASE("PKCS#12 written (IIT profile): the structure of the fixture Key-6.pfx, element by element") {
  const Bytes fixture = container_fixture("Key-6.pfx");
  dstu::rng::ChaCha20Drbg rng(12, 1);
  const Bytes ours = pkix::write_pkcs12(fixture_keys(), {}, kPassword, rng);
  // Key-6.pfx: PFX version 3, authSafe data, one SafeContents of two pkcs8ShroudedKeyBags
  // (PBES2: PBKDF2 with a 32-octet salt, 10,000 iterations and HMAC-GOST34.311; GOST 28147
  // CFB with an 8-octet IV and the 64-octet S-box), each with a 32-octet localKeyID; a
  // GOST 34.311 MAC with a 32-octet salt and 10,000 iterations.
  const std::string shape = skeleton(fixture);
  CHECK(shape.find("oid 1.2.804.2.1.1.1.1.1.1.3") != std::string::npos);
  CHECK(shape.find("oid 1.2.804.2.1.1.1.1.2.1") != std::string::npos);
  CHECK(skeleton(ours) == shape);
  // The same S-box (DKE No.1, packed) in every bag.
  std::vector<Bytes> fixture_sboxes, our_sboxes;
  octet_strings(fixture, 64, fixture_sboxes);
  octet_strings(ours, 64, our_sboxes);
  REQUIRE(our_sboxes.size() == 2);
  CHECK(our_sboxes == fixture_sboxes);
  const pkix::Container c = pkix::read_pkcs12(ours, kPassword);
  REQUIRE(c.keys.size() == 2);
  for (const auto& k : c.keys) CHECK(k.local_key_id == pkix::key_id(k.public_key));
  const pkix::Container f = pkix::read_pkcs12(fixture, kPassword);
  CHECK(c.keys[0].local_key_id == f.keys[0].local_key_id);
  CHECK(c.keys[1].local_key_id == f.keys[1].local_key_id);
  CHECK(c.certificates.empty());
}

TEST_CASE("PKCS#12 written (IIT profile): key bags open with the PBES2 reader of encrypted_key.hpp") {
  dstu::rng::ChaCha20Drbg rng(12, 2);
  const auto keys = fixture_keys();
  const Bytes ours = pkix::write_pkcs12(std::span(keys).first(1), {}, kPassword, rng, {.iterations = 50});
  // The EncryptedPrivateKeyInfo is the one SEQUENCE that starts with the PBES2 OID's
  // AlgorithmIdentifier: found by its prefix in the opened SafeContents.
  const Bytes pbes2_oid = dstu::from_hex("06092a864886f70d01050d");
  const auto at = std::search(ours.begin(), ours.end(), pbes2_oid.begin(), pbes2_oid.end());
  REQUIRE(at != ours.end());
  // Back up to the EncryptedPrivateKeyInfo's header: SEQUENCE (long form, 2 octets of
  // length) then the AlgorithmIdentifier's SEQUENCE (long form, 1 octet).
  const auto start = static_cast<std::size_t>(at - ours.begin()) - 3 - 4;
  REQUIRE(ours[start] == 0x30);
  const std::size_t length = (std::size_t{ours[start + 2]} << 8 | ours[start + 3]) + 4;
  const Bytes epki(ours.begin() + static_cast<std::ptrdiff_t>(start),
                   ours.begin() + static_cast<std::ptrdiff_t>(start + length));
  CHECK(pkix::pbes2_info(epki).iterations == 50);
  CHECK(pkix::pbes2_info(epki).salt_size == 32);
  const auto plain = pkix::decrypt_private_key_info(epki, kPassword);
  CHECK(pkix::key_id(pkix::public_key(pkix::decode_pkcs8(plain))) == pkix::key_id(pkix::public_key(keys[0])));
}

TEST_CASE("PKCS#12 written (IIT profile): keys and certificates read back, each certificate tied to its key") {
  // key.jks: two DSTU 4145 keys and a chain of three certificates, the last certifying
  // the second key.
  const pkix::Container jks =
      pkix::read_jks(container_fixture("key.jks"), text("123456"), text("qwerty"));
  REQUIRE(jks.keys.size() == 2);
  REQUIRE(jks.certificates.size() == 3);
  std::vector<pkix::AnyPrivateKey> keys;
  for (const auto& k : jks.keys) keys.push_back(k.key);
  const Bytes password = text("пароль 1");
  dstu::rng::ChaCha20Drbg rng(12, 3);
  const Bytes file = pkix::write_pkcs12(keys, jks.certificates, password, rng, {.iterations = 100});
  REQUIRE(pkix::container_format(file) == pkix::ContainerFormat::pkcs12);
  const pkix::Container c = pkix::read_container(file, password);
  CHECK(c.format == pkix::ContainerFormat::pkcs12);
  REQUIRE(c.keys.size() == 2);
  CHECK(ids(c.keys) == ids(jks.keys));
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(pkix::encode_pkcs8(c.keys[i].key) == pkix::encode_pkcs8(keys[i]));
    CHECK(c.keys[i].local_key_id == pkix::key_id(c.keys[i].public_key));
  }
  CHECK(c.certificates == jks.certificates);
  // The certificate bags, under the same PBES2 as the keys: the third has the second
  // key's localKeyID, the others none.
  const auto bags = encrypted_bags(file, password);
  REQUIRE(bags.size() == 3);
  for (const auto& [id, local] : bags) CHECK(id == "1.2.840.113549.1.12.10.1.3");
  CHECK(bags[0].second.empty());
  CHECK(bags[1].second.empty());
  CHECK(bags[2].second == c.keys[1].local_key_id);
}

TEST_CASE("PKCS#12 written (OpenSSL profile): PBKDF2-HMAC-SHA-256, AES-256-CBC, a SHA-256 MAC; reads back") {
  const pkix::Container openssl = pkix::read_pkcs12(container_fixture("openssl-p256-tdes-sha1.p12"), text("pass"));
  REQUIRE(openssl.keys.size() == 1);
  const std::vector<pkix::AnyPrivateKey> keys{openssl.keys[0].key};
  dstu::rng::ChaCha20Drbg rng(12, 4);
  const Bytes file = pkix::write_pkcs12(keys, openssl.certificates, text("pass"), rng,
                                        {.profile = pkix::Pkcs12Profile::openssl, .iterations = 2048});
  const std::string shape = skeleton(file);
  for (const char* oid : {"oid 1.2.840.113549.1.5.13", "oid 1.2.840.113549.1.5.12", "oid 1.2.840.113549.2.9",
                          "oid 2.16.840.1.101.3.4.1.42", "oid 2.16.840.1.101.3.4.2.1"}) {
    CAPTURE(oid);
    CHECK(shape.find(oid) != std::string::npos);
  }
  CHECK(shape.find("1.2.804.2.1.1.1") == std::string::npos);  // nothing Ukrainian
  CHECK(shape.find("int 0800") != std::string::npos);
  const pkix::Container c = pkix::read_pkcs12(file, text("pass"));
  REQUIRE(c.keys.size() == 1);
  CHECK(pkix::encode_pkcs8(c.keys[0].key) == pkix::encode_pkcs8(keys[0]));
  CHECK(c.keys[0].local_key_id == pkix::key_id(c.keys[0].public_key));
  CHECK(c.certificates == openssl.certificates);
  const auto bags = encrypted_bags(file, text("pass"));
  REQUIRE(bags.size() == 1);
  CHECK(bags[0].second == c.keys[0].local_key_id);
}

TEST_CASE("PKCS#12 written: a wrong password is told as such, a flipped octet as damage, truncations cleanly") {
  dstu::rng::ChaCha20Drbg rng(12, 5);
  for (const auto profile : {pkix::Pkcs12Profile::iit, pkix::Pkcs12Profile::openssl}) {
    CAPTURE(static_cast<int>(profile));
    const auto keys = fixture_keys();
    const Bytes file = pkix::write_pkcs12(keys, {}, kPassword, rng, {.profile = profile, .iterations = 20});
    CHECK(pkix::read_pkcs12(file, kPassword).keys.size() == 2);
    CHECK(fault_of([&] { pkix::read_pkcs12(file, text("testplat2022")); }) == pkix::ContainerFault::wrong_password);
    // The MAC's digest ends 4 octets before the file's end (iterations INTEGER 20: 3
    // octets; macSalt: 2 + salt), and the second bag's ciphertext precedes its
    // localKeyID attribute near the end of the AuthenticatedSafe.
    const std::size_t salt = profile == pkix::Pkcs12Profile::iit ? 32 : 16;
    const std::size_t mac_last = file.size() - 3 - 2 - salt - 1;
    const Bytes id_attr = dstu::from_hex("06092a864886f70d010915");
    const auto last_id = std::find_end(file.begin(), file.end(), id_attr.begin(), id_attr.end());
    REQUIRE(last_id != file.end());
    const std::size_t in_bag = static_cast<std::size_t>(last_id - file.begin()) - 12;
    for (std::size_t at : {mac_last, mac_last - 20, in_bag}) {
      Bytes bad = file;
      bad[at] ^= 0x01;
      CAPTURE(at);
      CHECK(fault_of([&] { pkix::read_pkcs12(bad, kPassword); }) == pkix::ContainerFault::damaged);
    }
    dstu::test::check_truncations(file, [](const Bytes& cut) { return pkix::read_pkcs12(cut, kPassword); });
  }
}

TEST_CASE("PKCS#12 written: what cannot be written is refused") {
  dstu::rng::ChaCha20Drbg rng(12, 6);
  const auto keys = fixture_keys();
  CHECK_THROWS_AS(pkix::write_pkcs12(keys, {}, dstu::from_hex("ff"), rng), dstu::Error);  // not UTF-8
  CHECK_THROWS_AS(pkix::write_pkcs12(keys, {}, kPassword, rng, {.iterations = 0}), dstu::Error);
  const std::vector<Bytes> not_a_certificate{Bytes(8, 0x30)};
  CHECK_THROWS_AS(pkix::write_pkcs12(keys, not_a_certificate, kPassword, rng), dstu::Error);
}
