// The constant-time scan of mul_base's window tables (lib/ecp/src/window_scan.cpp) on
// its own: every entry size (1 .. 9 limbs, strides 4 .. 20: the named fields and the
// tests' tiny ones), every digit 0 .. 2^(w-1) + 1 with w = 6, on each CPU path (the AVX2
// scan and the plain loop), against reading the entry directly (zeros for digit 0 and
// past the table).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "cpu_paths.hpp"
#include "test_random.hpp"
#include "window_scan.hpp"

TEST_CASE("scan_window returns exactly entry d for every stride and digit, on every CPU path") {
  constexpr int kEntries = 32;
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(77);
    for (std::size_t stride = 4; stride <= 20; stride += 2) {
      std::vector<dstu::mp::Limb> row(stride * kEntries);
      for (auto& l : row) l = rng.u64();
      for (std::uint64_t d = 0; d <= kEntries + 1; ++d) {
        INFO(path << ": stride " << stride << ", digit " << d);
        std::vector<dstu::mp::Limb> got(stride, 0x5a5a), plain(stride, 0xa5a5), want(stride, 0);
        if (d >= 1 && d <= kEntries) std::copy_n(row.begin() + (d - 1) * stride, stride, want.begin());
        dstu::ecp::detail::scan_window(row.data(), kEntries, stride, d, got.data());
        dstu::ecp::detail::scan_window_portable(row.data(), kEntries, stride, d, plain.data());
        CHECK(got == want);
        CHECK(plain == want);
      }
    }
  });
}

TEST_CASE("scan_window refuses a stride no field has") {
  std::vector<dstu::mp::Limb> row(64 * 22), out(22);
  CHECK_THROWS(dstu::ecp::detail::scan_window(row.data(), 32, 22, 1, out.data()));
  CHECK_THROWS(dstu::ecp::detail::scan_window(row.data(), 32, 7, 1, out.data()));
  CHECK_THROWS(dstu::ecp::detail::scan_window(row.data(), 32, 2, 1, out.data()));
}
