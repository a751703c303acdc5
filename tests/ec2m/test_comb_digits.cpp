// The comb's digits (comb_digits_vartime, eight columns at a time) against their
// definition bit by bit: digit j has bit i of it from bit i d + j of k.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "comb_double.hpp"
#include "dstu/curve/scalar.hpp"
#include "test_random.hpp"

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
