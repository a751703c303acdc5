// The name registry and whole-file hashing.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/sha2.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

Bytes one_shot(const std::string& name, const Bytes& msg) {
  if (name == "gost34311") {
    const auto d = hash::Gost34311::hash(msg);
    return Bytes(d.begin(), d.end());
  }
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
  CHECK(names.size() == 8);
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
  for (const char* bad : {"", "sha1", "sha", "SHA256", "kupyna", "GOST34311", "kupyna1024"}) {
    try {
      hash::make_hasher(bad);
      FAIL("no error for " << bad);
    } catch (const dstu::Error& e) {
      CHECK(e.code() == dstu::Errc::invalid_input);
      CHECK(std::string(e.what()).find("kupyna256") != std::string::npos);
    }
  }
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
