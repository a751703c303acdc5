// The parallel forms of the modes (modes.hpp, aes.hpp, kalyna.hpp, gost28147.hpp) against
// their sequential twins, the oracle: every registry cipher, random lengths (partial last
// blocks where the mode allows them), 1 to 5 threads, in place and apart, forced splits
// and the measured choice, nested inside a parallel item; counters whose carries cross
// the parts; GOST's gamma counters stepped at once against step by step; refusals.
#include <doctest/doctest.h>

#include <functional>

#include "dstu/base/error.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/parallel/pool.hpp"
#include "dstu/parallel/team.hpp"
#include "gost28147_kernel.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;
namespace par = dstu::parallel;

namespace {

Bytes random_bytes(dstu::test::TestRng& rng, std::size_t n) {
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

/// A mode as (out, in) -> out: the twin or a parallel form.
using Mode = std::function<void(std::span<std::uint8_t>, std::span<const std::uint8_t>)>;

/// The parallel form equals the twin on `in`, apart and in place.
void same(const Mode& twin, const Mode& parallel_form, const Bytes& in) {
  Bytes want(in.size()), got(in.size());
  twin(want, in);
  parallel_form(got, in);
  CHECK(got == want);
  Bytes inplace = in;
  parallel_form(inplace, inplace);
  CHECK(inplace == want);
}

/// Lengths for a cipher of block b: short ones, around the split's threshold (16 blocks a
/// part), and random ones up to 300 blocks; whole blocks only when `whole`.
std::vector<std::size_t> lengths(dstu::test::TestRng& rng, std::size_t b, bool whole) {
  std::vector<std::size_t> out{0, b, 31 * b, 32 * b, 33 * b, 80 * b};
  for (int i = 0; i < 6; ++i) {
    std::size_t n = rng.range(0, 300 * b);
    if (whole) n -= n % b;
    out.push_back(n);
  }
  if (!whole) out.insert(out.end(), {1, 32 * b + 1, 64 * b - 1});
  return out;
}

/// Calls f(threads, split) for 1 to 5 threads and both splits, and once nested inside an
/// item of a parallel loop (where the forms run their twins).
void for_each_setting(const std::function<void(int, ci::Split)>& f) {
  for (int threads = 1; threads <= 5; ++threads) {
    for (ci::Split split : {ci::Split::always, ci::Split::chosen}) {
      INFO("threads=" << threads << " split=" << (split == ci::Split::always ? "always" : "chosen"));
      f(threads, split);
    }
  }
  par::for_each(2, 2, [&](std::size_t i) {  // one item runs f (the test's generator is not shared)
    if (i != 0) return;
    REQUIRE(par::inside_parallel());
    f(2, ci::Split::always);
  });
}

}  // namespace

TEST_CASE("generic parallel modes equal their twins on every registry cipher") {
  dstu::test::TestRng rng(0x7061);
  const std::uint64_t calls_before = par::split_counts().calls;
  for (const std::string& name : ci::block_cipher_names()) {
    INFO(name);
    std::unique_ptr<ci::BlockCipher> c;
    for (std::size_t k : {8, 16, 24, 32, 64}) {
      try {
        c = ci::make_block_cipher(name, random_bytes(rng, k));
        break;
      } catch (const dstu::Error&) {
      }
    }
    REQUIRE(c != nullptr);
    const std::size_t b = c->block_size();
    const Bytes iv = random_bytes(rng, b);
    for_each_setting([&](int threads, ci::Split split) {
      for (std::size_t n : lengths(rng, b, true)) {
        INFO("whole blocks, n=" << n);
        const Bytes in = random_bytes(rng, n);
        same([&](auto o, auto i) { ci::ecb_encrypt(*c, o, i); },
             [&](auto o, auto i) { ci::ecb_encrypt_parallel(*c, o, i, threads, split); }, in);
        same([&](auto o, auto i) { ci::ecb_decrypt(*c, o, i); },
             [&](auto o, auto i) { ci::ecb_decrypt_parallel(*c, o, i, threads, split); }, in);
        same([&](auto o, auto i) { ci::cbc_decrypt(*c, iv, o, i); },
             [&](auto o, auto i) { ci::cbc_decrypt_parallel(*c, iv, o, i, threads, split); }, in);
      }
      for (std::size_t n : lengths(rng, b, false)) {
        INFO("any length, n=" << n);
        const Bytes in = random_bytes(rng, n);
        for (std::size_t segment : {std::size_t{0}, b, std::size_t{1}}) {
          same([&](auto o, auto i) { ci::cfb_decrypt(*c, iv, o, i, segment); },
               [&](auto o, auto i) { ci::cfb_decrypt_parallel(*c, iv, o, i, segment, threads, split); }, in);
        }
        for (ci::Counter step : {ci::Counter::big_endian, ci::Counter::big_endian_32, ci::Counter::little_endian}) {
          // A counter whose low octets are near a wrap, so parts start across carries.
          Bytes ctr = iv;
          for (std::size_t i = 0; i < 3; ++i) ctr[step == ci::Counter::little_endian ? i : b - 1 - i] = 0xff;
          ctr[step == ci::Counter::little_endian ? 0 : b - 1] = 0xf0;
          same([&](auto o, auto i) { ci::ctr_crypt(*c, ctr, o, i, step); },
               [&](auto o, auto i) { ci::ctr_crypt_parallel(*c, ctr, o, i, step, threads, split); }, in);
        }
      }
    });
  }
  // The forced splits did split (not every call: a back-off after a busy core runs twins).
  CHECK(par::split_counts().calls > calls_before);
}

TEST_CASE("AES fused CTR and CBC decryption split over the team equal their twins") {
  dstu::test::TestRng rng(0x7062);
  for (std::size_t key : {16, 24, 32}) {
    const ci::Aes aes(random_bytes(rng, key));
    INFO(aes.name() << " on " << ci::aes_path());
    const Bytes iv = random_bytes(rng, 16);
    for_each_setting([&](int threads, ci::Split split) {
      for (std::size_t n : lengths(rng, 16, false)) {
        INFO("n=" << n);
        const Bytes in = random_bytes(rng, n);
        for (ci::Counter step : {ci::Counter::big_endian, ci::Counter::big_endian_32, ci::Counter::little_endian}) {
          Bytes ctr = iv;
          ctr[12] = ctr[13] = ctr[14] = 0xff;  // the 32-bit counter wraps inside the message
          same([&](auto o, auto i) { ci::aes_ctr_crypt(aes, ctr, o, i, step); },
               [&](auto o, auto i) { ci::aes_ctr_crypt_parallel(aes, ctr, o, i, step, threads, split); }, in);
        }
        if (n % 16 != 0) continue;
        same([&](auto o, auto i) { ci::aes_cbc_decrypt(aes, iv, o, i); },
             [&](auto o, auto i) { ci::aes_cbc_decrypt_parallel(aes, iv, o, i, threads, split); }, in);
      }
    });
  }
}

TEST_CASE("Kalyna CTR split over the team equals its twin, every block and key size") {
  dstu::test::TestRng rng(0x7063);
  for (const auto& [bits, key] : std::vector<std::pair<std::size_t, std::size_t>>{
           {128, 16}, {128, 32}, {256, 32}, {256, 64}, {512, 64}}) {
    const ci::Kalyna k(bits, random_bytes(rng, key));
    INFO(k.name() << " on " << ci::kalyna_cpu_path());
    const Bytes iv = random_bytes(rng, k.block_size());
    for_each_setting([&](int threads, ci::Split split) {
      for (std::size_t n : lengths(rng, k.block_size(), false)) {
        INFO("n=" << n);
        same([&](auto o, auto i) { ci::kalyna_ctr_crypt(k, iv, o, i); },
             [&](auto o, auto i) { ci::kalyna_ctr_crypt_parallel(k, iv, o, i, threads, split); },
             random_bytes(rng, n));
      }
    });
  }
}

TEST_CASE("GOST 28147-89 gamma and CFB decryption split over the team equal their twins, both implementations") {
  dstu::test::TestRng rng(0x7064);
  for (auto impl : {ci::Gost28147Impl::constant_time, ci::Gost28147Impl::table_vartime}) {
    const ci::Gost28147 g(random_bytes(rng, 32), ci::SBox::dke1(), impl);
    const Bytes iv = random_bytes(rng, 8);
    for_each_setting([&](int threads, ci::Split split) {
      for (std::size_t n : lengths(rng, 8, false)) {
        INFO("n=" << n);
        const Bytes in = random_bytes(rng, n);
        same([&](auto o, auto i) { g.ctr_crypt(o, i, iv); },
             [&](auto o, auto i) { g.ctr_crypt_parallel(o, i, iv, threads, split); }, in);
        same([&](auto o, auto i) { g.cfb_decrypt(o, i, iv); },
             [&](auto o, auto i) { g.cfb_decrypt_parallel(o, i, iv, threads, split); }, in);
      }
    });
  }
}

TEST_CASE("GOST gamma counters stepped k times at once equal k single steps, at the ends of N4's range") {
  const auto step = [](std::uint64_t s) {  // §3, one block: N3 + C2 mod 2^32, N4 + C1 mod 2^32 - 1
    const std::uint32_t n3 = static_cast<std::uint32_t>(s) + 0x01010101u;
    const std::uint64_t t = (s >> 32) + 0x01010104u;
    return n3 | static_cast<std::uint64_t>(static_cast<std::uint32_t>(t + (t >> 32))) << 32;
  };
  dstu::test::TestRng rng(0x7065);
  std::vector<std::uint64_t> n4s{0, 1, 0xffffffffu, 0xfffffffeu, 0xffffffffu - 0x01010104u,
                                 0xffffffffu - 0x01010103u, 0xffffffffu - 2 * 0x01010104u};
  for (int i = 0; i < 20; ++i) n4s.push_back(rng.u64() >> 32);
  for (std::uint64_t n4 : n4s) {
    const std::uint64_t s0 = (rng.u64() & 0xffffffffu) | n4 << 32;
    std::uint64_t s = s0;
    for (std::uint64_t k = 0; k <= 1000; ++k) {
      INFO("N4=" << n4 << " k=" << k);
      CHECK(ci::detail::gamma_advance(s0, k) == s);
      s = step(s);
    }
  }
  // Far steps: k single steps of 2^32 - 1 blocks bring N4 back to its class.
  CHECK((ci::detail::gamma_advance(std::uint64_t{5} << 32, 0xffffffffu) >> 32) == 5);
}

TEST_CASE("parallel forms refuse what their twins refuse") {
  dstu::test::TestRng rng(0x7066);
  const ci::Aes aes(random_bytes(rng, 16));
  Bytes in(4096), out(4095), iv(16), short_iv(8);
  CHECK_THROWS_AS(ci::ecb_encrypt_parallel(aes, out, in, 4, ci::Split::always), dstu::Error);
  CHECK_THROWS_AS(ci::cbc_decrypt_parallel(aes, short_iv, in, in, 4, ci::Split::always), dstu::Error);
  CHECK_THROWS_AS(ci::ctr_crypt_parallel(aes, short_iv, in, in, ci::Counter::big_endian, 4, ci::Split::always),
                  dstu::Error);
  CHECK_THROWS_AS(ci::cfb_decrypt_parallel(aes, iv, out, in, 0, 4, ci::Split::always), dstu::Error);
  CHECK_THROWS_AS(ci::aes_cbc_decrypt_parallel(aes, iv, out, in, 4, ci::Split::always), dstu::Error);
  Bytes odd(4097);
  CHECK_THROWS_AS(ci::cbc_decrypt_parallel(aes, iv, odd, odd, 4, ci::Split::always), dstu::Error);
  const ci::Kalyna k(128, Bytes(16, 1));
  CHECK_THROWS_AS(ci::kalyna_ctr_crypt_parallel(k, short_iv, in, in, 4, ci::Split::always), dstu::Error);
  const ci::Gost28147 g(Bytes(32, 2));
  CHECK_THROWS_AS(g.ctr_crypt_parallel(in, in, iv, 4, ci::Split::always), dstu::Error);
  CHECK_THROWS_AS(g.cfb_decrypt_parallel(out, in, short_iv, 4, ci::Split::always), dstu::Error);
}
