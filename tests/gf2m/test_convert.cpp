// External forms: bytes (both orders) and hex round-trip on every field; lengths
// other than ceil(m/8), values >= 2^m and bad hex are refused with dstu::Error.
#include <doctest/doctest.h>

#include "dstu/base/error.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("bytes and hex round-trip") {
  for (const Field* f : all_fields()) {
    INFO(f->name());
    dstu::test::TestRng rng(1500 + static_cast<std::uint64_t>(f->m()));
    for (const Element& a : test_elements(*f, rng, 200)) {
      const auto be = g::to_bytes_be(*f, a), le = g::to_bytes_le(*f, a);
      REQUIRE(be.size() == static_cast<std::size_t>(f->bytes()));
      CHECK(std::equal(be.begin(), be.end(), le.rbegin()));
      CHECK(same(g::from_bytes_be(*f, be), a));
      CHECK(same(g::from_bytes_le(*f, le), a));
      const std::string hex = g::to_hex(*f, a);
      CHECK(hex == dstu::to_hex(be));
      CHECK(same(g::from_hex(*f, hex), a));
    }
  }
}

TEST_CASE("known external forms") {
  const Field& f = Field::dstu(163);
  // Gx of the m = 163 named curve (BouncyCastle's DSTU4145NamedCurves), 41 hex digits,
  // leading digit 2.
  const Element x = g::from_hex(f, "2E2F85F5DD74CE983A5C4237229DAF8A3F35823BE");
  CHECK(g::to_hex(f, x) == "02e2f85f5dd74ce983a5c4237229daf8a3f35823be");
  CHECK(dstu::to_hex(g::to_bytes_le(f, x)) == "be2358f3a3f8da297223c4a583e94cd75d5ff8e202");
  CHECK(x.w[0] == 0x29daf8a3f35823beULL);
  CHECK(g::to_hex(f, g::one()) == std::string(40, '0') + "01");
}

TEST_CASE("bad external forms are refused") {
  for (int m : g::dstu_degrees()) {
    const Field& f = Field::dstu(m);
    INFO(f.name());
    const auto n = static_cast<std::size_t>(f.bytes());
    dstu::Bytes ok(n, 0), shorter(n - 1, 0), longer(n + 1, 0);
    CHECK_NOTHROW(g::from_bytes_be(f, ok));
    CHECK_THROWS_AS(g::from_bytes_be(f, shorter), dstu::Error);
    CHECK_THROWS_AS(g::from_bytes_le(f, longer), dstu::Error);
    CHECK_THROWS_AS(g::from_bytes_be(f, dstu::Bytes{}), dstu::Error);
    if (m % 8 != 0) {
      dstu::Bytes big = ok;
      big[0] = static_cast<std::uint8_t>(1u << (m % 8));  // bit m: value >= 2^m
      CHECK_THROWS_AS(g::from_bytes_be(f, big), dstu::Error);
      big[0] = static_cast<std::uint8_t>((1u << (m % 8)) - 1);  // 2^m - 1 is fine
      CHECK_NOTHROW(g::from_bytes_be(f, big));
      dstu::Bytes lbig = ok;
      lbig[n - 1] = 0x80;
      CHECK_THROWS_AS(g::from_bytes_le(f, lbig), dstu::Error);
    }
    CHECK_THROWS_AS(g::from_hex(f, ""), dstu::Error);
    CHECK_THROWS_AS(g::from_hex(f, "12g4"), dstu::Error);
    CHECK_THROWS_AS(g::from_hex(f, "0x12"), dstu::Error);
    CHECK_THROWS_AS(g::from_hex(f, std::string(2 * n + 1, '0')), dstu::Error);
    CHECK_THROWS_AS(g::from_hex(f, "f" + std::string(2 * n - 1, '0')), dstu::Error);
    CHECK_NOTHROW(g::from_hex(f, std::string(2 * n, '0')));
  }
}
