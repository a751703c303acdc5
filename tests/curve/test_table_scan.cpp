// The constant-time table scan (dstu/curve/table_scan.hpp) on its own, on each CPU path
// (the portable, AVX2 and AVX-512 variants; every single extension switched off in
// turn), each variant and its portable twin against reading the entry directly:
//   word planes  every plane count the binary curves' comb may have (2 .. 18: the named
//                curves have 6 .. 14, custom ones up to m = 571 more), every window
//                2 .. 8, every index of the table;
//   rows         every stride of the GF(p) curves' windows (4 .. 20: fields of 1 .. 9
//                limbs), every index 0 .. 33 of 32 entries (zeros past the table).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/aligned_words.hpp"
#include "dstu/curve/table_scan.hpp"
#include "test_random.hpp"

namespace curve = dstu::curve;
using Word = std::uint64_t;

TEST_CASE("select_planes returns exactly entry u for every plane count, window and index") {
  constexpr std::size_t kMaxPlanes = 18;
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(131);
    for (std::size_t planes = 2; planes <= kMaxPlanes; planes += 2) {
      for (int w = 2; w <= 8; ++w) {
        const std::size_t entries = std::size_t{1} << w, slots = (entries + 7) / 8 * 8;
        dstu::AlignedWords t(planes * slots);
        for (std::size_t i = 0; i < planes * slots; ++i) t.data()[i] = rng.u64();
        for (std::size_t p = 0; p < planes; ++p) t.data()[p * slots] = 0;  // entry 0 is O in the comb
        std::size_t mismatches = 0;
        for (std::size_t u = 0; u < slots + 2; ++u) {
          Word got[kMaxPlanes], twin[kMaxPlanes];
          std::fill(std::begin(got), std::end(got), 0x5a5a5a5a5a5a5a5aULL);  // stale data must be overwritten
          std::fill(std::begin(twin), std::end(twin), 0xa5a5a5a5a5a5a5a5ULL);
          curve::select_planes(t.data(), planes, slots, u, got);
          curve::select_planes_portable(t.data(), planes, slots, u, twin);
          for (std::size_t p = 0; p < planes; ++p) {
            const Word want = u < slots ? t.data()[p * slots + u] : 0;
            mismatches += (got[p] != want) + (twin[p] != want);
          }
          for (std::size_t p = planes; p < kMaxPlanes; ++p) mismatches += got[p] != 0x5a5a5a5a5a5a5a5aULL;
        }
        INFO("path=" << path << " planes=" << planes << " w=" << w);
        CHECK(mismatches == 0);
      }
    }
  }, /*thorough=*/true);
}

TEST_CASE("select_rows returns exactly entry d for every stride and index, on every CPU path") {
  constexpr std::size_t kEntries = 32;
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(77);
    for (std::size_t stride = 4; stride <= 20; stride += 2) {
      std::vector<Word> rows(stride * kEntries);
      for (auto& l : rows) l = rng.u64();
      std::vector<std::size_t> indices;
      for (std::size_t d = 0; d <= kEntries + 1; ++d) indices.push_back(d);
      indices.push_back(std::numeric_limits<std::size_t>::max());  // ecp's digit 0 less 1: no entry
      for (std::size_t d : indices) {
        INFO(path << ": stride " << stride << ", index " << d);
        std::vector<Word> got(stride + 1, 0x5a5a), twin(stride, 0xa5a5), want(stride, 0);
        if (d < kEntries) std::copy_n(rows.begin() + static_cast<std::ptrdiff_t>(d * stride), stride, want.begin());
        curve::select_rows(rows.data(), kEntries, stride, d, got.data());
        curve::select_rows_portable(rows.data(), kEntries, stride, d, twin.data());
        CHECK(std::vector<Word>(got.begin(), got.end() - 1) == want);
        CHECK(got.back() == 0x5a5a);  // nothing written past the entry
        CHECK(twin == want);
      }
    }
  }, /*thorough=*/true);
}

TEST_CASE("select_rows refuses a stride no field has") {
  std::vector<Word> rows(64 * 22), out(22);
  CHECK_THROWS(curve::select_rows(rows.data(), 32, 22, 1, out.data()));
  CHECK_THROWS(curve::select_rows(rows.data(), 32, 7, 1, out.data()));
  CHECK_THROWS(curve::select_rows(rows.data(), 32, 2, 1, out.data()));
  CHECK_THROWS(curve::select_rows_portable(rows.data(), 32, 2, 1, out.data()));
}
