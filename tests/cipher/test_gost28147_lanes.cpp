// GOST 28147-89 kernels (gost28147_lanes.hpp), differential: every path the CPU has
// against the scalar table round and the scalar constant-time round, on random keys,
// random S-boxes (random permutations per row, and arbitrary nibble tables), every
// count of blocks around the lane widths, 16 and 32 rounds, in place and apart; the
// four-key encryptions of GOST 34.311; and the modes of the cipher object on every CPU
// path against the modes written out one block at a time (gost28147_test_util.hpp),
// including the counter of the gamma where N4 wraps.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/cpu/features.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"
#include "gost28147_test_util.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;
namespace cd = dstu::cipher::detail;

namespace {

/// The kernels this CPU can run (the portable ones always).
std::vector<const cd::Gost28147Kernels*> runnable_kernels() {
  const dstu::cpu::Features& f = dstu::cpu::detected();
  std::vector<const cd::Gost28147Kernels*> k{&cd::kGost28147Portable};
  if (f.avx2) k.push_back(&cd::kGost28147Avx2);
  if (f.avx512f && f.avx512bw && f.avx2) k.push_back(&cd::kGost28147Avx512Bw);
  if (f.avx512f && f.avx512bw && f.avx512vl && f.avx512vbmi) k.push_back(&cd::kGost28147Avx512Vbmi);
  return k;
}

/// A random S-box: random permutations per row, or (odd) any 8 x 16 nibbles.
ci::SBox random_sbox(dstu::test::TestRng& rng, bool permutations) {
  std::uint8_t n[128];
  for (int r = 0; r < 8; ++r) {
    std::uint8_t* row = n + 16 * r;
    for (int c = 0; c < 16; ++c) row[c] = static_cast<std::uint8_t>(permutations ? c : rng.u64() & 15);
    if (permutations) {
      for (int c = 15; c > 0; --c) std::swap(row[c], row[rng.range(0, static_cast<std::uint64_t>(c))]);
    }
  }
  return ci::SBox::from_nibbles(n);
}

/// `rounds` rounds of schedule s on one block with round function f (the oracle).
template <class F>
void scalar_blocks(const F& f, const cd::Gost28147Schedule& s, int rounds, std::uint8_t* out, const std::uint8_t* in,
                   std::size_t n) {
  const auto in_order = [](int r) { return r; };
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t a = dstu::load_le32(in + 8 * i), b = dstu::load_le32(in + 8 * i + 4);
    if (rounds == 32) {
      cd::rounds<32>(f, s.rk, in_order, a, b);
    } else {
      cd::rounds<16>(f, s.rk, in_order, a, b);
    }
    dstu::store_le32(out + 8 * i, b);
    dstu::store_le32(out + 8 * i + 4, a);
  }
}

const std::size_t kCounts[] = {0,  1,  2,  3,  4,  5,  7,   8,   11,  12,  13,  15,  16,  17, 24,
                               31, 32, 33, 47, 48, 63, 64,  65,  100, 112, 127, 128, 129, 143, 144,
                               160, 191, 192, 255, 256, 257, 300};

}  // namespace

TEST_CASE("every kernel against the scalar table and constant-time rounds") {
  dstu::test::TestRng rng(2814710);
  for (int trial = 0; trial < 24; ++trial) {
    std::uint32_t key[8];
    for (auto& w : key) w = static_cast<std::uint32_t>(rng.u64());
    const ci::SBox sbox = trial == 0 ? ci::SBox::dke1() : random_sbox(rng, trial % 2 == 1);
    cd::Gost28147CtSbox forms;
    cd::build_ct_sbox(forms, sbox);
    cd::Gost28147Tables tables;
    cd::build_tables(tables, sbox);
    cd::Gost28147Schedule sched[2];
    cd::build_schedule(sched[0], key, false);
    cd::build_schedule(sched[1], key, true);
    for (const std::size_t n : kCounts) {
      Bytes in(8 * n), want(8 * n), want_ct(8 * n);
      rng.fill(in.data(), in.size());
      for (int dir = 0; dir < 2; ++dir) {
        for (int rounds : {32, 16}) {
          scalar_blocks(cd::RoundVartime{tables}, sched[dir], rounds, want.data(), in.data(), n);
          scalar_blocks(cd::RoundCt{forms.anf.data()}, sched[dir], rounds, want_ct.data(), in.data(), n);
          REQUIRE(want_ct == want);
          for (const auto* k : runnable_kernels()) {
            INFO("kernels " << std::string(k->name) << " trial " << trial << " blocks " << n << " rounds " << rounds
                            << " decrypt " << dir << " seed " << dstu::test::seed());
            Bytes out(8 * n + 8, 0xa5);  // one octet past the end must stay as it is
            k->blocks(forms, sched[dir], rounds, out.data(), in.data(), n);
            CHECK(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(8 * n)) == want);
            CHECK(out[8 * n] == 0xa5);
            Bytes inplace = in;
            k->blocks(forms, sched[dir], rounds, inplace.data(), inplace.data(), n);
            CHECK(inplace == want);
          }
        }
      }
    }
  }
}

TEST_CASE("every kernel's four-key encryptions (GOST 34.311) against the scalar rounds") {
  dstu::test::TestRng rng(2814711);
  for (int trial = 0; trial < 64; ++trial) {
    const ci::SBox sbox = trial == 0 ? ci::SBox::dke1() : random_sbox(rng, trial % 2 == 1);
    cd::Gost28147CtSbox forms;
    cd::build_ct_sbox(forms, sbox);
    cd::Gost28147Tables tables;
    cd::build_tables(tables, sbox);
    std::uint32_t k[4][8];
    std::uint64_t in[4], want[4], want_ct[4];
    for (auto& row : k) {
      for (auto& w : row) w = static_cast<std::uint32_t>(rng.u64());
    }
    for (auto& w : in) w = rng.u64();
    cd::encrypt4(cd::RoundVartime{tables}, k, in, want);
    cd::encrypt4(cd::RoundCt{forms.anf.data()}, k, in, want_ct);
    for (int i = 0; i < 4; ++i) REQUIRE(want_ct[i] == want[i]);
    for (const auto* kernels : runnable_kernels()) {
      INFO("kernels " << std::string(kernels->name) << " trial " << trial << " seed " << dstu::test::seed());
      std::uint64_t out[4];
      kernels->encrypt4(forms, k, in, out);
      for (int i = 0; i < 4; ++i) CHECK(out[i] == want[i]);
    }
  }
}

TEST_CASE("the modes on every CPU path against the modes one block at a time") {
  dstu::test::TestRng rng(2814712);
  dstu::test::for_each_cpu_path(
      [&](const std::string& path) {
        for (int trial = 0; trial < 6; ++trial) {
          std::uint8_t key[32];
          rng.fill(key, sizeof key);
          const ci::SBox sbox = trial == 0 ? ci::SBox::dke1() : random_sbox(rng, true);
          const ci::Gost28147 c(key, sbox), table(key, sbox, ci::Gost28147Impl::table_vartime);
          for (const std::size_t len : {0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 1031, 1032,
                                        2047, 2048, 2049, 3000}) {
            INFO("path " << path << " trial " << trial << " length " << len << " seed " << dstu::test::seed());
            Bytes pt(len), iv(8), out(len);
            rng.fill(pt.data(), len);
            rng.fill(iv.data(), 8);
            c.ctr_crypt(out, pt, iv);
            CHECK(out == dstu::test::ctr_one_by_one(table, pt, iv));
            c.cfb_encrypt(out, pt, iv);
            CHECK(out == dstu::test::cfb_one_by_one(table, pt, iv, false));
            c.cfb_decrypt(out, pt, iv);
            CHECK(out == dstu::test::cfb_one_by_one(table, pt, iv, true));
            CHECK(c.mac(pt) == table.mac(pt));
            if (len % 8 == 0) {
              Bytes want(len);
              c.ecb_encrypt(out, pt);
              for (std::size_t i = 0; i < len; i += 8) table.encrypt_block(want.data() + i, pt.data() + i);
              CHECK(out == want);
              c.ecb_decrypt(out, pt);
              for (std::size_t i = 0; i < len; i += 8) table.decrypt_block(want.data() + i, pt.data() + i);
              CHECK(out == want);
            }
          }
        }
      },
      /*thorough=*/true);
}

TEST_CASE("the gamma's N4 steps mod 2^32 - 1 where it wraps, in every lane") {
  // E(IV) = (N3, N4) is chosen by decrypting it: IV = D(N3, N4).
  std::uint8_t key[32];
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(31 * i + 7);
  const ci::Gost28147 table(key, ci::SBox::dke1(), ci::Gost28147Impl::table_vartime);
  const std::uint32_t c1 = 0x01010104u;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    const ci::Gost28147 c(key);
    for (const std::uint32_t n4 : {0u, 1u, 0xffffffffu, 0xfffffffeu, 0xffffffffu - c1, 0xffffffffu - c1 + 1,
                                   0xffffffffu - 5 * c1, 0xffffffffu - 200 * c1 + 3, 0x7fffffffu, 0x80000000u}) {
      INFO("path " << path << " N4 " << n4);
      const std::uint64_t s = 0x89abcdefull | static_cast<std::uint64_t>(n4) << 32;
      Bytes iv(8);
      dstu::store_le64(iv.data(), table.decrypt_word(s));
      REQUIRE(table.encrypt_word(dstu::load_le64(iv.data())) == s);
      Bytes pt(8 * 300 + 5, 0), out(pt.size());
      c.ctr_crypt(out, pt, iv);
      CHECK(out == dstu::test::ctr_one_by_one(table, pt, iv));
    }
  });
}
