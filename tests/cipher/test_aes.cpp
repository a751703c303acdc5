// AES (dstu/cipher/aes.hpp): the bitsliced S-box circuit against the S-box's algebraic
// definition on all 256 inputs; SP 800-38A Appendix F and NIST CAVP (AESAVS) vectors in
// ECB, CBC, CFB8, CFB128, OFB and CTR through the generic modes and the fused ones, once
// per CPU path; every hardware path against the portable one on random lengths, in place
// and apart, with counters that wrap; the registry.
#include <doctest/doctest.h>

#include <cstring>
#include <map>

#include "aes_internal.hpp"
#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_aes_support.hpp"

using dstu::Bytes;
using dstu::test::random_bytes;
namespace ci = dstu::cipher;

namespace {

/// x * y in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, bit by bit.
std::uint8_t gmul(std::uint8_t x, std::uint8_t y) {
  std::uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if (y & 1) r ^= x;
    x = static_cast<std::uint8_t>((x << 1) ^ ((x & 0x80) ? 0x1b : 0));
    y >>= 1;
  }
  return r;
}

/// FIPS 197 §5.1.1: the inverse (x^254, 0 for 0), then the affine map with 0x63.
std::uint8_t sbox_by_definition(std::uint8_t x) {
  std::uint8_t inv = 1;
  for (int i = 0; i < 254; ++i) inv = gmul(inv, x);
  std::uint8_t s = 0;
  for (int i = 0; i < 8; ++i) {
    const int bit = ((inv >> i) ^ (inv >> ((i + 4) % 8)) ^ (inv >> ((i + 5) % 8)) ^ (inv >> ((i + 6) % 8)) ^
                     (inv >> ((i + 7) % 8)) ^ (0x63 >> i)) & 1;
    s = static_cast<std::uint8_t>(s | bit << i);
  }
  return s;
}

Bytes run(const ci::Aes& c, const std::string& mode, bool encrypt, const Bytes& iv, const Bytes& in) {
  Bytes out(in.size());
  if (mode == "ecb") {
    encrypt ? ci::ecb_encrypt(c, out, in) : ci::ecb_decrypt(c, out, in);
  } else if (mode == "cbc") {
    encrypt ? ci::cbc_encrypt(c, iv, out, in) : ci::cbc_decrypt(c, iv, out, in);
  } else if (mode == "cfb8" || mode == "cfb128") {
    const std::size_t seg = mode == "cfb8" ? 1 : 16;
    encrypt ? ci::cfb_encrypt(c, iv, out, in, seg) : ci::cfb_decrypt(c, iv, out, in, seg);
  } else if (mode == "ofb") {
    ci::ofb_crypt(c, iv, out, in);
  } else if (mode == "ctr") {
    ci::ctr_crypt(c, iv, out, in);
  } else {
    FAIL("unknown mode " << mode);
  }
  return out;
}

/// The fused modes of aes.hpp where the mode has one, else the generic one.
Bytes run_fused(const ci::Aes& c, const std::string& mode, bool encrypt, const Bytes& iv, const Bytes& in) {
  Bytes out(in.size());
  if (mode == "cbc") {
    encrypt ? ci::aes_cbc_encrypt(c, iv, out, in) : ci::aes_cbc_decrypt(c, iv, out, in);
    return out;
  }
  if (mode == "ctr") {
    ci::aes_ctr_crypt(c, iv, out, in);
    return out;
  }
  return run(c, mode, encrypt, iv, in);
}

void check_mode_vectors(const std::string& file) {
  dstu::test::for_vectors_on_every_path(file, [](const dstu::test::Vector& v) {
    const ci::Aes c(v.bytes("Key"));
    const std::string mode = v.get("Mode");
    const Bytes iv = v.has("IV") ? v.bytes("IV") : Bytes{};
    const Bytes p = v.bytes("Plaintext"), x = v.bytes("Ciphertext");
    CHECK(run(c, mode, true, iv, p) == x);
    CHECK(run(c, mode, false, iv, x) == p);
    CHECK(run_fused(c, mode, true, iv, p) == x);
    CHECK(run_fused(c, mode, false, iv, x) == p);
  });
}

}  // namespace

TEST_CASE("the bitsliced S-box circuit is FIPS 197's S-box on all 256 octets") {
  for (int base = 0; base < 256; base += 64) {
    std::uint64_t r[8];
    for (int j = 0; j < 8; ++j) {
      r[j] = 0;
      for (int x = 0; x < 64; ++x) r[j] |= static_cast<std::uint64_t>(((base + x) >> j) & 1) << x;
    }
    ci::aes_impl::sub_bytes_sliced(r);
    for (int x = 0; x < 64; ++x) {
      std::uint8_t s = 0;
      for (int j = 0; j < 8; ++j) s = static_cast<std::uint8_t>(s | ((r[j] >> x) & 1) << j);
      CHECK_MESSAGE(s == sbox_by_definition(static_cast<std::uint8_t>(base + x)), "S(" << base + x << ")");
    }
  }
}

TEST_CASE("AES: SP 800-38A Appendix F, every mode and key size, every CPU path") {
  check_mode_vectors("cipher/aes_sp800_38a.vec");
}

TEST_CASE("AES: NIST CAVP AESAVS ECB, CBC, CFB8, CFB128 and OFB, every CPU path") {
  check_mode_vectors("cipher/aes_cavp_modes.vec");
}

TEST_CASE("AES: every hardware path equals the portable one on random inputs, in place and apart") {
  dstu::test::TestRng rng(0xae5);
  for (const std::size_t key_len : {16, 24, 32}) {
    const Bytes key = random_bytes(rng, key_len);
    const ci::Aes c(key);
    // Lengths around every register group: 1 .. 8 blocks per register, 8 registers.
    for (const std::size_t blocks : {0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 129}) {
      const Bytes p = random_bytes(rng, 16 * blocks + rng.range(0, 15)), iv = random_bytes(rng, 16);
      const Bytes whole(p.begin(), p.begin() + static_cast<long>(16 * blocks));
      // Counters whose last 32 bits and whole 128 bits wrap inside the run.
      Bytes ctr = random_bytes(rng, 16);
      if (blocks % 2) std::memset(ctr.data() + 12, 0xff, 4), ctr[15] = static_cast<std::uint8_t>(0xff - blocks / 3);
      if (blocks % 3 == 0) std::memset(ctr.data(), 0xff, 16), ctr[15] = 0xfe;
      auto compute = [&] {
        std::map<std::string, Bytes> got;
        Bytes out(whole.size()), in_place = whole;
        ci::ecb_encrypt(c, out, whole);
        got["ecb"] = out;
        ci::ecb_decrypt(c, in_place, in_place);
        got["ecb-1"] = in_place;
        ci::aes_cbc_encrypt(c, iv, out, whole);
        got["cbc"] = out;
        in_place = whole;
        ci::aes_cbc_decrypt(c, iv, in_place, in_place);
        got["cbc-1"] = in_place;
        ci::cbc_decrypt(c, iv, out, whole);
        CHECK(out == in_place);
        for (const auto step : {ci::Counter::big_endian, ci::Counter::big_endian_32, ci::Counter::little_endian}) {
          Bytes fused(p.size()), generic(p.size()), self = p;
          ci::aes_ctr_crypt(c, ctr, fused, p, step);
          ci::ctr_crypt(c, ctr, generic, p, step);
          ci::aes_ctr_crypt(c, ctr, self, self, step);
          CHECK(fused == generic);
          CHECK(self == generic);
          got["ctr" + std::to_string(static_cast<int>(step))] = fused;
        }
        return got;
      };
      dstu::cpu::set_override("portable");
      const auto portable = compute();
      dstu::test::for_each_cpu_path(
          [&](const std::string& path) {
            INFO("key " << key_len << ", " << blocks << " blocks on " << path << " (" << ci::aes_path() << ")");
            // Not a structured binding: clang 14 (the sanitizer stage's) cannot capture one in
            // the check's lambda.
            for (const auto& out : compute()) CHECK_MESSAGE(out.second == portable.at(out.first), out.first);
          },
          true);
    }
  }
}

TEST_CASE("AES: the registry, names, key lengths and errors") {
  const Bytes k16(16, 1), k24(24, 2), k32(32, 3), k20(20, 4);
  CHECK(ci::make_block_cipher("aes128", k16)->name() == "aes128");
  CHECK(ci::make_block_cipher("aes192", k24)->key_size() == 24);
  CHECK(ci::make_block_cipher("aes256", k32)->block_size() == 16);
  CHECK_THROWS_AS(ci::make_block_cipher("aes128", k24), dstu::Error);
  CHECK_THROWS_AS(ci::Aes{k20}, dstu::Error);
  const ci::Aes c(k16);
  Bytes odd(17), out(17);
  CHECK_THROWS_AS(ci::aes_cbc_decrypt(c, k16, out, odd), dstu::Error);
  CHECK_THROWS_AS(ci::aes_ctr_crypt(c, k24, out, odd), dstu::Error);
}
