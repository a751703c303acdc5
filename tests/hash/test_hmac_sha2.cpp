// HMAC over SHA-2 (dstu/hash/hmac_sha2.hpp): Python's hmac answers for keys shorter than,
// equal to and longer than the block, on every CPU path; streaming; refusals.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "vec.hpp"

using dstu::hash::HmacSha2;

TEST_CASE("HMAC-SHA-2 known answers, every CPU path") {
  for (const char* h : {"sha224", "sha256", "sha384", "sha512"}) {
    const auto vs = dstu::test::load_vectors("hash/hmac_sha2.vec", h);
    REQUIRE(vs.size() == 8);
    dstu::test::for_each_cpu_path([&](const std::string& path) {
      for (const auto& v : vs) {
        INFO(v.where() << " on " << path);
        HmacSha2 mac(h, v.bytes("Key"));
        mac.update(v.bytes("Data"));
        const dstu::SecureBytes out = mac.final();
        CHECK(dstu::Bytes(out.begin(), out.end()) == v.bytes("Mac"));
        // final() went back to the keyed state: the same MAC again, fed in two parts.
        const dstu::Bytes data = v.bytes("Data");
        mac.update(std::span(data).first(data.size() / 2));
        mac.update(std::span(data).subspan(data.size() / 2));
        const dstu::SecureBytes again = mac.final();
        CHECK(dstu::Bytes(again.begin(), again.end()) == v.bytes("Mac"));
      }
    });
  }
}

TEST_CASE("HMAC-SHA-2 refuses other hashes and wrong buffers") {
  CHECK_FALSE(HmacSha2::supports("gost34311"));
  CHECK(HmacSha2::supports("sha384"));
  CHECK_THROWS_AS(HmacSha2("kupyna256", {}), dstu::Error);
  HmacSha2 mac("sha256", {});
  CHECK(mac.mac_size() == 32);
  std::uint8_t small[31];
  CHECK_THROWS_AS(mac.final(small), dstu::Error);
}
