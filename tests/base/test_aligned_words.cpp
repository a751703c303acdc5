// dstu::AlignedWords: zeroed, 64-byte aligned, deep copies, moves leave the source empty.
#include <doctest/doctest.h>

#include <cstdint>
#include <utility>

#include "dstu/base/aligned_words.hpp"

using dstu::AlignedWords;

TEST_CASE("AlignedWords is zeroed and 64-byte aligned at every size") {
  for (std::size_t n : {1, 7, 8, 9, 64, 1000}) {
    const AlignedWords w(n);
    INFO("n=" << n);
    REQUIRE(w.size() == n);
    CHECK(reinterpret_cast<std::uintptr_t>(w.data()) % 64 == 0);
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < n; ++i) nonzero += w.data()[i] != 0;
    CHECK(nonzero == 0);
  }
}

TEST_CASE("AlignedWords copies deeply and moves") {
  AlignedWords a(9);
  for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = i * 0x0101010101010101ULL;
  AlignedWords b(a);
  REQUIRE(b.size() == 9);
  CHECK(b.data() != a.data());
  CHECK(reinterpret_cast<std::uintptr_t>(b.data()) % 64 == 0);
  a.data()[3] = 0;
  CHECK(b.data()[3] == 3 * 0x0101010101010101ULL);
  AlignedWords c(2);
  c = b;
  CHECK(c.size() == 9);
  CHECK(c.data()[8] == 8 * 0x0101010101010101ULL);
  const std::uint64_t* where = c.data();
  AlignedWords d(std::move(c));
  CHECK(d.data() == where);
  CHECK(c.data() == nullptr);  // NOLINT(bugprone-use-after-move): the moved-from state is defined
  CHECK(c.size() == 0);
  c = d;  // a moved-from object can be assigned again
  CHECK(c.size() == 9);
}
