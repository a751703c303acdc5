// The comb's constant-time table scan (lib/ec/src/comb_select.cpp) on its own: every
// plane count the scan supports (2 .. 18: the named curves have 6 .. 14, custom ones
// up to m = 571 more), every window 2 .. 8 and every digit u, on each CPU path
// (portable, AVX2, AVX-512 scans), against reading the entry directly.
#include <doctest/doctest.h>

#include <cstddef>

#include "cpu_paths.hpp"
#include "dstu/base/aligned_words.hpp"
#include "precomputed.hpp"
#include "test_random.hpp"

using dstu::ec::detail::CombTable;
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
          dstu::ec::detail::comb_select(t, u, out);
          for (std::size_t p = 0; p < t.planes; ++p) mismatches += out[p] != t.xy.data()[p * t.slots + u];
          for (std::size_t p = t.planes; p < kMaxPlanes; ++p) mismatches += out[p] != 0x5a5a5a5a5a5a5a5aULL;
        }
        INFO("path=" << path << " planes=" << t.planes << " w=" << w);
        CHECK(mismatches == 0);
      }
    }
  }, /*thorough=*/true);
}
