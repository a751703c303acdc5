// The name registry and whole-file hashing.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/sha1.hpp"
#include "dstu/hash/sha2.hpp"
#include "dstu/hash/sha3.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

Bytes one_shot(const std::string& name, const Bytes& msg) {
  if (name == "gost34311") {
    const auto d = hash::Gost34311::hash(msg);
    return Bytes(d.begin(), d.end());
  }
  if (name == "sha1") return hash::Sha1::hash(160, msg);
  if (name.rfind("sha3-", 0) == 0) return hash::Sha3::hash(std::stoul(name.substr(5)), msg);
  if (name.rfind("sha512-", 0) == 0) return hash::Sha512::hash(std::stoul(name.substr(7)), msg);
  if (name.rfind("sha", 0) == 0) {
    const std::size_t bits = std::stoul(name.substr(3));
    return bits <= 256 ? hash::Sha256::hash(bits, msg) : hash::Sha512::hash(bits, msg);
  }
  return hash::Kupyna::hash(std::stoul(name.substr(6)), msg);
}

}  // namespace

TEST_CASE("every registered name hashes like its class") {
  dstu::test::TestRng rng(4);
  const auto names = hash::hasher_names();
  CHECK(names.size() == 15);
  for (const auto& name : names) {
    auto h = hash::make_hasher(name);
    CHECK(h->name() == name);
    for (std::size_t n : {0, 1, 33, 200}) {
      Bytes msg(n);
      rng.fill(msg.data(), n);
      h->update(msg);
      const Bytes d = h->final();
      CHECK(d.size() == h->digest_size());
      CHECK(d == one_shot(name, msg));
    }
  }
}

TEST_CASE("unknown hash names are rejected with the list of known ones") {
  for (const char* bad : {"", "sha", "SHA256", "kupyna", "GOST34311", "kupyna1024", "sha3", "shake128", "sha512/256"}) {
    try {
      hash::make_hasher(bad);
      FAIL("no error for " << bad);
    } catch (const dstu::Error& e) {
      CHECK(e.code() == dstu::Errc::invalid_input);
      CHECK(std::string(e.what()).find("kupyna256") != std::string::npos);
    }
  }
}

TEST_CASE("block sizes, copies of a running state, and assign between kinds") {
  const std::pair<const char*, std::size_t> blocks[] = {
      {"gost34311", 32}, {"kupyna256", 64}, {"kupyna512", 128}, {"sha1", 64},      {"sha256", 64},
      {"sha384", 128},   {"sha512-224", 128}, {"sha3-224", 144}, {"sha3-256", 136}, {"sha3-512", 72}};
  for (const auto& [name, b] : blocks) CHECK(hash::make_hasher(name)->block_size() == b);
  const Bytes part1(100, 0x31), part2(77, 0x32);
  for (const auto& name : hash::hasher_names()) {
    INFO(name);
    auto h = hash::make_hasher(name);
    h->update(part1);
    auto copy = h->clone();
    h->update(part2);
    copy->update(part2);
    const Bytes want = h->final();
    CHECK(copy->final() == want);
    auto other = hash::make_hasher(name);
    other->update(part1);
    h->assign(*other);  // h takes other's state: part1 absorbed
    h->update(part2);
    CHECK(h->final() == want);
  }
  auto a = hash::make_hasher("sha256");
  CHECK_THROWS_AS(a->assign(*hash::make_hasher("sha3-256")), dstu::Error);
  CHECK_THROWS_AS(a->assign(*hash::make_hasher("gost34311")), dstu::Error);
}

TEST_CASE("keyed use: the constant-time implementation of every hash, with the same digests") {
  const Bytes msg(100, 0x5a);
  for (const auto& name : hash::hasher_names()) {
    INFO(name);
    // GOST 34.311 takes the constant-time GOST 28147 round, Kupyna the constant-time
    // S-box layer; SHA-1/2/3 are constant time as they are.
    auto h = hash::make_hasher(name, hash::Use::keyed);
    h->update(msg);
    CHECK(h->final() == one_shot(name, msg));
    auto copy = h->clone();
    copy->update(msg);
    h->update(msg);
    CHECK(copy->final() == h->final());
  }
}

TEST_CASE("only SHA-1 (and unknown names) may not make new signatures") {
  for (const auto& name : hash::hasher_names()) CHECK(hash::may_sign_with(name) == (name != "sha1"));
  CHECK_FALSE(hash::may_sign_with("md5"));
  CHECK_FALSE(hash::may_sign_with(""));
}

TEST_CASE("hash_file reads whole files, larger than one read, and reports I/O errors") {
  dstu::test::TestRng rng(5);
  char tmpl[] = "/tmp/dstu-hash-test-XXXXXX";
  const int fd = mkstemp(tmpl);
  REQUIRE(fd >= 0);
  ::close(fd);
  for (std::size_t n : {std::size_t{0}, std::size_t{5}, (std::size_t{1} << 20) + 77}) {
    Bytes data(n);
    rng.fill(data.data(), n);
    std::ofstream(tmpl, std::ios::binary).write(reinterpret_cast<const char*>(data.data()),
                                                static_cast<std::streamsize>(n));
    for (const auto& name : hash::hasher_names()) {
      auto h = hash::make_hasher(name);
      INFO(name << " n=" << n);
      CHECK(hash::hash_file(*h, tmpl) == one_shot(name, data));
    }
  }
  std::remove(tmpl);
  auto h = hash::make_hasher("kupyna256");
  try {
    hash::hash_file(*h, "/nonexistent/dstu-no-such-file");
    FAIL("no error");
  } catch (const dstu::Error& e) {
    CHECK(e.code() == dstu::Errc::io);
    CHECK(std::string(e.what()).find("/nonexistent/dstu-no-such-file") != std::string::npos);
  }
  try {
    hash::hash_file(*h, "/tmp");  // a directory: open succeeds, read fails
    FAIL("no error");
  } catch (const dstu::Error& e) {
    CHECK(e.code() == dstu::Errc::io);
  }
}
