// IIT Key-6.dat (dstu/pkix/container.hpp): the legacy fixture (dstu-engine's, password
// "tect4") holds a 257-bit signing key and, in its attributes, a 431-bit key-agreement
// key; both read and sign. A wrong password, a damaged MAC or ciphertext, and every
// truncation are errors of the right fault; the newer PBES2 form is routed to the
// PBES2 reader, a key with d >= n in it read mod n.
#include <doctest/doctest.h>

#include <variant>

#include "container_fixture.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/mp/nat.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_info.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;
using dstu::test::container_fixture;
using dstu::test::curve_of;
using dstu::test::fault_of;
using dstu::test::text;

namespace {

const Bytes kPassword = text("tect4");

pkix::Container read(const Bytes& file, const Bytes& password = kPassword) {
  return pkix::read_container(file, password);
}

}  // namespace

TEST_CASE("Key-6.dat: the fixture's two keys, signing and key agreement, with their curves") {
  const Bytes file = container_fixture("Key-6.dat");
  REQUIRE(pkix::container_format(file) == pkix::ContainerFormat::key6);
  const pkix::Container c = read(file);
  CHECK(c.format == pkix::ContainerFormat::key6);
  REQUIRE(c.keys.size() == 2);
  CHECK(curve_of(c.keys[0].key) == "dstu257");
  CHECK(curve_of(c.keys[1].key) == "dstu431");
  CHECK(c.certificates.empty());
  for (const auto& k : c.keys) {
    CHECK(k.local_key_id.empty());
    CHECK(dstu::test::signs(k.key));
  }
  // The key identifiers IIT writes beside them (attributes 1.3.6.1.4.1.19398.1.1.2.1 and
  // 2.5 of the PrivateKeyInfo) are the keys' own: d, its bit order, the curve and its
  // byte orders were read as IIT meant.
  CHECK(dstu::to_hex(pkix::key_id(c.keys[0].public_key)) ==
        "7e9e345dd2cfd91ebadbe23c22eb9fac6bef65552ed42f56f9bac4aac5cb2d06");
  CHECK(dstu::to_hex(pkix::key_id(c.keys[1].public_key)) ==
        "7cebcd9412612324209f4cd81cd16a7a9a0ba05a75ad05d38bae9a7483d8f719");
  for (const auto& k : c.keys) CHECK(pkix::key_id(k.public_key) == pkix::key_id(pkix::public_key(k.key)));
}

TEST_CASE("Key-6.dat: a wrong password is told as such, a changed MAC or ciphertext as damage") {
  const Bytes file = container_fixture("Key-6.dat");
  CHECK(fault_of([&] { read(file, text("tect5")); }) == pkix::ContainerFault::wrong_password);
  CHECK(fault_of([&] { read(file, {}); }) == pkix::ContainerFault::wrong_password);
  // The MAC is the first OCTET STRING of the header's parameters (offset 24..27); the
  // ciphertext starts at 38.
  for (std::size_t at : {std::size_t{24}, std::size_t{27}, std::size_t{38 + 400}, file.size() - 20}) {
    Bytes bad = file;
    bad[at] ^= 0x10;
    CAPTURE(at);
    CHECK(fault_of([&] { read(bad); }) == pkix::ContainerFault::damaged);
  }
  try {
    read(file, text("wrong"));
  } catch (const pkix::ContainerError& e) {
    CHECK(std::string(e.what()) == "Key-6.dat: wrong password");
    CHECK(e.code() == dstu::Errc::invalid_input);
  }
}

TEST_CASE("Key-6.dat: every truncation is a clean error") {
  const Bytes file = container_fixture("Key-6.dat");
  dstu::test::check_truncations(file, [](const Bytes& cut) { return read(cut); });
}

TEST_CASE("Key-6.dat: the newer PBES2 form reads through the PBES2 reader") {
  const pkix::Container legacy = read(container_fixture("Key-6.dat"));
  // The legacy file's PrivateKeyInfo (with its IIT attributes) sealed by PBES2.
  const auto& key = std::get<dstu::dstu4145::PrivateKey>(legacy.keys[0].key);
  const auto info = pkix::encode_pkcs8(key);
  dstu::rng::ChaCha20Drbg rng(6, 1);
  const Bytes sealed = pkix::encrypt_private_key_info(info, kPassword, 8, rng);
  REQUIRE(pkix::container_format(sealed) == pkix::ContainerFormat::key6_pbes2);
  const pkix::Container c = read(sealed);
  CHECK(c.format == pkix::ContainerFormat::key6_pbes2);
  REQUIRE(c.keys.size() == 1);
  CHECK(pkix::key_id(pkix::public_key(c.keys[0].key)) == pkix::key_id(pkix::public_key(legacy.keys[0].key)));
  CHECK(fault_of([&] { read(sealed, text("tect5")); }) == pkix::ContainerFault::wrong_password);
}

TEST_CASE("Key-6.dat: a key with d >= n, as jkurwa writes half of its 257-bit keys, reads mod n") {
  const pkix::Container legacy = read(container_fixture("Key-6.dat"));
  const auto& key = std::get<dstu::dstu4145::PrivateKey>(legacy.keys[0].key);
  const dstu::mp::Nat d = dstu::ec2m::scalar_to_nat(key.d());
  const dstu::mp::Nat wide = d + key.curve().order();
  REQUIRE(wide.bits() <= 256);  // this key's d + n still fits the 32 octets
  const auto original = pkix::encode_pkcs8(key);
  const pkix::PrivateKeyInfo info = pkix::read_private_key_info(original);
  const auto wide_le = wide.to_bytes_le(32);
  const auto info_wide = pkix::write_private_key_info(
      pkix::write_algorithm_identifier(info.algorithm.oid, info.algorithm.parameters), wide_le);
  dstu::rng::ChaCha20Drbg rng(6, 2);
  const Bytes sealed = pkix::encrypt_private_key_info(info_wide, kPassword, 8, rng);
  const pkix::Container c = read(sealed);
  REQUIRE(c.keys.size() == 1);
  CHECK(dstu::ec2m::scalar_to_nat(std::get<dstu::dstu4145::PrivateKey>(c.keys[0].key).d()) == d);
  CHECK(pkix::key_id(c.keys[0].public_key) == pkix::key_id(legacy.keys[0].public_key));
}

TEST_CASE("containers: what is none of them is refused as such") {
  for (const Bytes& b : {Bytes{}, Bytes{0x30, 0x00}, Bytes{0x30, 0x03, 0x02, 0x01, 0x00}, text("not a container")}) {
    CHECK(!pkix::container_format(b));
    CHECK_THROWS_WITH_AS(read(b), doctest::Contains("not a key container"), dstu::Error);
  }
}
