// The generic modes (dstu/cipher/modes.hpp) against SP 800-38A §6 written out one block
// at a time in this file, on a keyed test permutation of every block length the
// ciphers have (8, 16, 32, 64 octets); in place and apart; every CFB segment; the
// three counter styles with carries through every octet; PKCS#7 padding; errors.
#include <doctest/doctest.h>

#include <cstring>

#include "dstu/base/error.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/rng/random.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

/// A keyed permutation of b-octet blocks: three rounds of (add key, S, rotate by one
/// octet), S an invertible octet map. Not a cipher; an independent stand-in that is
/// cheap to invert, so that the modes can be checked against their definitions.
class TestCipher final : public ci::BlockCipher {
 public:
  TestCipher(std::size_t block, std::uint64_t seed) : b_(block), key_(3 * block) {
    dstu::rng::ChaCha20Drbg rng(seed, block);
    rng.fill(key_);
  }
  std::string_view name() const override { return "test"; }
  std::size_t block_size() const override { return b_; }
  std::size_t key_size() const override { return key_.size(); }
  void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override {
    ++calls_;
    for (std::size_t j = 0; j < blocks; ++j) one(out + j * b_, in + j * b_, true);
  }
  void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override {
    ++calls_;
    for (std::size_t j = 0; j < blocks; ++j) one(out + j * b_, in + j * b_, false);
  }
  Bytes enc(const Bytes& x) const {
    Bytes y(b_);
    one(y.data(), x.data(), true);
    return y;
  }
  Bytes dec(const Bytes& x) const {
    Bytes y(b_);
    one(y.data(), x.data(), false);
    return y;
  }
  mutable std::size_t calls_ = 0;

 private:
  static std::uint8_t s(std::uint8_t x) { return static_cast<std::uint8_t>(x * 167 + 13); }  // 167 odd
  static std::uint8_t s_inv(std::uint8_t y) { return static_cast<std::uint8_t>((y - 13) * 23); }  // 167*23 = 1 mod 256
  void one(std::uint8_t* out, const std::uint8_t* in, bool forward) const {
    Bytes x(in, in + b_);
    for (int r = 0; r < 3; ++r) {
      const int round = forward ? r : 2 - r;
      const std::uint8_t* k = key_.data() + static_cast<std::size_t>(round) * b_;
      Bytes y(b_);
      if (forward) {
        for (std::size_t i = 0; i < b_; ++i) y[(i + 1) % b_] = s(static_cast<std::uint8_t>(x[i] + k[i]));
      } else {
        for (std::size_t i = 0; i < b_; ++i) y[i] = static_cast<std::uint8_t>(s_inv(x[(i + 1) % b_]) - k[i]);
      }
      x = y;
    }
    std::memcpy(out, x.data(), b_);
  }
  std::size_t b_;
  Bytes key_;
};

Bytes xor_of(const Bytes& a, const Bytes& b) {
  Bytes r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) r[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
  return r;
}

Bytes block_at(const Bytes& x, std::size_t i, std::size_t b) {
  return Bytes(x.begin() + static_cast<long>(i * b), x.begin() + static_cast<long>(std::min(x.size(), (i + 1) * b)));
}

/// The next counter block by the definition of each style, on an integer of octets.
Bytes next_counter(Bytes c, ci::Counter step) {
  if (step == ci::Counter::little_endian) {
    for (auto& o : c) {
      if (++o != 0) break;
    }
    return c;
  }
  const std::size_t stop = step == ci::Counter::big_endian_32 ? c.size() - 4 : 0;
  for (std::size_t i = c.size(); i-- > stop;) {
    if (++c[i] != 0) break;
  }
  return c;
}

Bytes random_bytes(dstu::rng::ChaCha20Drbg& rng, std::size_t n) {
  Bytes x(n);
  rng.fill(x);
  return x;
}

/// f(out, in) on separate buffers and in place: the same output both ways.
template <class F>
Bytes both_ways(const Bytes& in, F&& f) {
  Bytes apart(in.size());
  f(std::span<std::uint8_t>(apart), std::span<const std::uint8_t>(in));
  Bytes inplace = in;
  f(std::span<std::uint8_t>(inplace), std::span<const std::uint8_t>(inplace));
  CHECK(inplace == apart);
  return apart;
}

}  // namespace

TEST_CASE("ECB, CBC, OFB and CTR equal their definitions, for every block length and many lengths") {
  dstu::rng::ChaCha20Drbg rng(41, 42);
  for (const std::size_t b : {8, 16, 32, 64}) {
    const TestCipher c(b, b);
    for (const std::size_t blocks : {0, 1, 2, 15, 16, 17, 33}) {
      INFO("block " << b << " blocks " << blocks);
      const Bytes p = random_bytes(rng, blocks * b), iv = random_bytes(rng, b);
      Bytes ecb, cbc, prev = iv;
      for (std::size_t i = 0; i < blocks; ++i) {
        const Bytes e = c.enc(block_at(p, i, b));
        ecb.insert(ecb.end(), e.begin(), e.end());
        prev = c.enc(xor_of(block_at(p, i, b), prev));
        cbc.insert(cbc.end(), prev.begin(), prev.end());
      }
      CHECK(both_ways(p, [&](auto o, auto i) { ci::ecb_encrypt(c, o, i); }) == ecb);
      CHECK(both_ways(ecb, [&](auto o, auto i) { ci::ecb_decrypt(c, o, i); }) == p);
      CHECK(both_ways(p, [&](auto o, auto i) { ci::cbc_encrypt(c, iv, o, i); }) == cbc);
      CHECK(both_ways(cbc, [&](auto o, auto i) { ci::cbc_decrypt(c, iv, o, i); }) == p);
      // Streams: every length, not only whole blocks.
      for (const std::size_t len : {blocks * b, blocks * b + 1, blocks * b + b - 1}) {
        const Bytes q = random_bytes(rng, len);
        Bytes ofb, reg = iv;
        for (std::size_t i = 0; i * b < len; ++i) {
          reg = c.enc(reg);
          const Bytes part = block_at(q, i, b);
          const Bytes x = xor_of(part, Bytes(reg.begin(), reg.begin() + static_cast<long>(part.size())));
          ofb.insert(ofb.end(), x.begin(), x.end());
        }
        CHECK(both_ways(q, [&](auto o, auto i) { ci::ofb_crypt(c, iv, o, i); }) == ofb);
        CHECK(both_ways(ofb, [&](auto o, auto i) { ci::ofb_crypt(c, iv, o, i); }) == q);
        for (const auto step : {ci::Counter::big_endian, ci::Counter::big_endian_32, ci::Counter::little_endian}) {
          INFO("counter style " << static_cast<int>(step));
          // A counter whose low octets are all ones: the first step carries through them.
          Bytes ctr0 = iv;
          for (std::size_t k = 0; k < b / 2; ++k) {
            (step == ci::Counter::little_endian ? ctr0[k] : ctr0[b - 1 - k]) = 0xff;
          }
          Bytes ctr = ctr0, out;
          for (std::size_t i = 0; i * b < len; ++i) {
            const Bytes ks = c.enc(ctr);
            const Bytes part = block_at(q, i, b);
            const Bytes x = xor_of(part, Bytes(ks.begin(), ks.begin() + static_cast<long>(part.size())));
            out.insert(out.end(), x.begin(), x.end());
            ctr = next_counter(ctr, step);
          }
          CHECK(both_ways(q, [&](auto o, auto i) { ci::ctr_crypt(c, ctr0, o, i, step); }) == out);
        }
      }
    }
  }
}

TEST_CASE("CFB equals its definition for every segment length, and decrypts whole blocks in runs") {
  dstu::rng::ChaCha20Drbg rng(43, 44);
  for (const std::size_t b : {8, 16, 32, 64}) {
    const TestCipher c(b, 100 + b);
    const Bytes iv = random_bytes(rng, b);
    for (std::size_t segment = 1; segment <= b; segment += (segment < 4 ? 1 : b / 4)) {
      for (const std::size_t len : {0ul, 1ul, segment, 3 * b + 1, 40 * b}) {
        INFO("block " << b << " segment " << segment << " length " << len);
        const Bytes p = random_bytes(rng, len);
        Bytes reg = iv, want;
        for (std::size_t at = 0; at < len; at += segment) {
          const Bytes ks = c.enc(reg);
          const std::size_t n = std::min(segment, len - at);
          Bytes part(p.begin() + static_cast<long>(at), p.begin() + static_cast<long>(at + n));
          const Bytes x = xor_of(part, Bytes(ks.begin(), ks.begin() + static_cast<long>(n)));
          want.insert(want.end(), x.begin(), x.end());
          reg.erase(reg.begin(), reg.begin() + static_cast<long>(segment));
          reg.insert(reg.end(), x.begin(), x.end());
          reg.resize(b);
        }
        CHECK(both_ways(p, [&](auto o, auto i) { ci::cfb_encrypt(c, iv, o, i, segment); }) == want);
        CHECK(both_ways(want, [&](auto o, auto i) { ci::cfb_decrypt(c, iv, o, i, segment); }) == p);
      }
    }
    // Whole-block CFB decryption hands the cipher runs of blocks, not one at a time.
    const Bytes p = random_bytes(rng, 64 * b);
    Bytes x(p.size()), y(p.size());
    ci::cfb_encrypt(c, iv, x, p);
    c.calls_ = 0;
    ci::cfb_decrypt(c, iv, y, x);
    CHECK(y == p);
    CHECK(c.calls_ == 64 / ci::kRunBlocks);
  }
}

TEST_CASE("the parallel modes hand the cipher runs of kRunBlocks blocks") {
  const TestCipher c(16, 7);
  dstu::rng::ChaCha20Drbg rng(45, 46);
  const Bytes p = random_bytes(rng, 16 * 5 * ci::kRunBlocks), iv = random_bytes(rng, 16);
  Bytes x(p.size()), y(p.size());
  ci::cbc_encrypt(c, iv, x, p);
  c.calls_ = 0;
  ci::cbc_decrypt(c, iv, y, x);
  CHECK(y == p);
  CHECK(c.calls_ == 5);
  c.calls_ = 0;
  ci::ctr_crypt(c, iv, x, p);
  CHECK(c.calls_ == 5);
}

TEST_CASE("lengths, IVs and segments that do not fit are errors naming the cipher and mode") {
  const TestCipher c(16, 9);
  Bytes iv(16), out(17), in(17), iv_short(15), o16(16), i16(16), o3(3), i4(4);
  const auto error_of = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const dstu::Error& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error_of([&] { ci::ecb_encrypt(c, out, in); }).find("test ECB: input of 17 octets") == 0);
  CHECK(error_of([&] { ci::cbc_decrypt(c, iv, out, in); }).find("whole number of 16-octet blocks") != std::string::npos);
  CHECK(error_of([&] { ci::cbc_encrypt(c, iv_short, o16, i16); }).find("IV of 15 octets") !=
        std::string::npos);
  CHECK(error_of([&] { ci::ofb_crypt(c, iv, o3, i4); }).find("output length differs") != std::string::npos);
  CHECK(error_of([&] { ci::cfb_encrypt(c, iv, out, in, 17); }).find("segment of 17 octets") != std::string::npos);
  CHECK(error_of([&] { ci::ctr_crypt(c, iv_short, out, in); }).find("counter block of 15 octets") != std::string::npos);
}

TEST_CASE("PKCS#7: pad and unpad round-trip; every malformed pad is refused") {
  for (const std::size_t b : {8, 16, 64}) {
    for (std::size_t len = 0; len < 3 * b; ++len) {
      const Bytes m(len, 0x5a);
      const dstu::SecureBytes padded = ci::pkcs7_pad(m, b);
      CHECK(padded.size() % b == 0);
      CHECK(padded.size() > len);
      CHECK(ci::pkcs7_unpadded_length(padded, b) == static_cast<std::ptrdiff_t>(len));
    }
    // Every last octet value, on a block of otherwise correct pad octets.
    for (int pad = 0; pad < 256; ++pad) {
      Bytes x(2 * b, static_cast<std::uint8_t>(pad));
      const bool ok = pad >= 1 && static_cast<std::size_t>(pad) <= b;
      CHECK(ci::pkcs7_unpadded_length(x, b) == (ok ? static_cast<std::ptrdiff_t>(2 * b - pad) : -1));
    }
    // One pad octet off, anywhere inside the pad.
    for (std::size_t pad = 2; pad <= b; ++pad) {
      for (std::size_t k = 2; k <= pad; ++k) {
        Bytes x(b, static_cast<std::uint8_t>(pad));
        x[b - k] ^= 1;
        CHECK(ci::pkcs7_unpadded_length(x, b) == -1);
      }
    }
    CHECK(ci::pkcs7_unpadded_length(Bytes(), b) == -1);
    CHECK(ci::pkcs7_unpadded_length(Bytes(b + 1, 1), b) == -1);
  }
}

TEST_CASE("the registry names what it knows and refuses what it does not") {
  for (const std::string& name : ci::block_cipher_names()) CHECK_FALSE(name.empty());
  CHECK_THROWS_AS(ci::make_block_cipher("no-such-cipher", Bytes(16)), dstu::Error);
}
