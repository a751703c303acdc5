// The comb's constant-time table scan (lib/ec2m/src/comb_select.cpp) on its own: every
// plane count the scan supports (2 .. 18: the named curves have 6 .. 14, custom ones
// up to m = 571 more), every window 2 .. 8 and every digit u, on each CPU path
// (portable, AVX2, AVX-512 scans), against reading the entry directly.
#include <doctest/doctest.h>

#include <cstddef>

#include "cpu_paths.hpp"
#include "dstu/base/aligned_words.hpp"
#include "precomputed.hpp"
#include "test_random.hpp"

using dstu::ec2m::detail::CombTable;
using dstu::gf2m::Word;

namespace {

/// A table of random words shaped like a real one (no curve arithmetic needed).
CombTable random_table(int words, int window, dstu::test::TestRng& rng) {
  CombTable t;
  t.window = window;
  t.words = words;
  t.planes = 2 * static_cast<std::size_t>(words);
  const std::size_t entries = std::size_t{1} << window;
  t.slots = (entries + 7) / 8 * 8;
  t.xy = dstu::AlignedWords(t.planes * t.slots);
  for (std::size_t i = 0; i < t.planes * t.slots; ++i) t.xy.data()[i] = rng.u64();
  for (std::size_t p = 0; p < t.planes; ++p) t.xy.data()[p * t.slots] = 0;  // entry 0 is O
  return t;
}

}  // namespace

TEST_CASE("comb_select returns exactly entry u for every plane count, window and digit") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(131);
    for (int words = 1; words <= dstu::gf2m::kMaxWords; ++words) {
      for (int w = 2; w <= 8; ++w) {
        const CombTable t = random_table(words, w, rng);
        constexpr std::size_t kMaxPlanes = 2 * static_cast<std::size_t>(dstu::gf2m::kMaxWords);
        Word out[kMaxPlanes];
        std::size_t mismatches = 0;
        for (std::size_t u = 0; u < (std::size_t{1} << w); ++u) {
          for (Word& o : out) o = 0x5a5a5a5a5a5a5a5aULL;  // stale data must be overwritten
          dstu::ec2m::detail::comb_select(t, u, out);
          for (std::size_t p = 0; p < t.planes; ++p) mismatches += out[p] != t.xy.data()[p * t.slots + u];
          for (std::size_t p = t.planes; p < kMaxPlanes; ++p) mismatches += out[p] != 0x5a5a5a5a5a5a5a5aULL;
        }
        INFO("path=" << path << " planes=" << t.planes << " w=" << w);
        CHECK(mismatches == 0);
      }
    }
  }, /*thorough=*/true);
}

// The comb's digits (comb_digits_vartime, eight columns at a time) against their
// definition bit by bit: digit j has bit i of it from bit i d + j of k.
#include "comb_double.hpp"

TEST_CASE("comb digits equal their bit-by-bit definition for every window and width") {
  dstu::test::TestRng rng(146);
  int checked = 0;
  for (int window = 1; window <= 8; ++window) {
    for (std::size_t columns = 1; columns <= 72; ++columns) {
      const std::size_t bits = static_cast<std::size_t>(window) * columns;
      for (int trial = 0; trial < 4; ++trial) {
        // k below 2^(w d), at times much shorter (the top digits all zero).
        const std::size_t len = trial == 0 ? bits : 1 + rng.range(0, bits - 1);
        std::vector<std::uint8_t> bytes((len + 7) / 8);
        rng.fill(bytes.data(), bytes.size());
        if (len % 8 != 0) bytes.back() &= static_cast<std::uint8_t>((1u << (len % 8)) - 1);
        const dstu::mp::Nat k = dstu::mp::Nat::from_bytes_le(bytes);
        const std::vector<std::uint8_t> got =
            dstu::ec2m::detail::comb_digits_vartime(dstu::curve::scalar_from_nat(k), window, columns);
        REQUIRE(got.size() == columns);
        for (std::size_t j = 0; j < columns; ++j) {
          unsigned want = 0;
          for (int i = 0; i < window; ++i) want |= (k.bit(static_cast<std::size_t>(i) * columns + j) ? 1u : 0u) << i;
          INFO("window=" << window << " columns=" << columns << " j=" << j);
          CHECK(got[j] == want);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 0);
}
