// SHA-1 (FIPS 180-4) and SHA-512/224, SHA-512/256 (§5.3.6): NIST CAVP short and long
// messages and Monte Carlo once per CPU path; SHA-1's SHA-NI kernel against the portable one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>

#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/sha1.hpp"
#include "sha1_internal.hpp"
#include "sha_kat.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

void check_cavp(const std::string& file, const std::string& name, std::size_t at_least) {
  dstu::test::check_cavp(
      file, name, at_least, [&](const Bytes& m, std::size_t) { return dstu::test::digest_of(name, m); },
      [&](const dstu::test::Vector& v) { dstu::test::check_shavs_monte(name, v); });
}

}  // namespace

TEST_CASE("SHA-1 NIST CAVP vectors, every CPU path") { check_cavp("hash/sha1.vec", "sha1", 65 + 4); }

TEST_CASE("SHA-512/224 and SHA-512/256 NIST CAVP vectors, every CPU path") {
  check_cavp("hash/sha512t.vec", "sha512-224", 100);
  check_cavp("hash/sha512t.vec", "sha512-256", 100);
}

TEST_CASE("SHA-1 class: one-shot, streaming, bad sizes") {
  const std::uint8_t abc[] = {'a', 'b', 'c'};
  // FIPS 180-4 example (NIST "Example Algorithms", SHA1.pdf): SHA-1("abc").
  CHECK(dstu::to_hex(hash::Sha1::hash(160, abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d");
  hash::Sha1 h;
  CHECK(h.digest_size() == 20);
  CHECK(h.block_size() == 64);
  Bytes out(19);
  CHECK_THROWS_AS(h.final(out), dstu::Error);
  CHECK_THROWS_AS(hash::Sha1(256), dstu::Error);
}

// Skipped in the main run (it exits 77 where there is no SHA-NI); ctest hash_sha1_shani
// runs it alone with --no-skip.
TEST_CASE("SHA-1 SHA extensions kernel equals the portable one" * doctest::skip()) {
  if (!dstu::cpu::detected().sha) {
    MESSAGE("this CPU has no SHA extensions: the SHA-NI kernel is not checked here");
    std::exit(77);
  }
  dstu::test::TestRng rng(180);
  for (int round = 0; round < 300; ++round) {
    const std::size_t blocks = rng.range(1, 9);
    Bytes m(64 * blocks);
    rng.fill(m.data(), m.size());
    std::uint32_t a[5], b[5];
    for (int i = 0; i < 5; ++i) a[i] = b[i] = static_cast<std::uint32_t>(rng.u64());
    hash::detail::sha1_compress_portable(a, m.data(), blocks);
    hash::detail::sha1_compress_shani(b, m.data(), blocks);
    CHECK(std::equal(a, a + 5, b));
  }
}
