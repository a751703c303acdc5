// Limb kernels against GMP: products (Comba, basecase, Karatsuba, the dispatcher),
// squares, rows and Knuth division, on random and edge-shaped operands, once per
// CPU path.
#include <doctest/doctest.h>

#include <vector>

#include "dstu/cpu/features.hpp"
#include "dstu/mp/limbs.hpp"
#include "gmp_oracle.hpp"
#include "test_random.hpp"

using dstu::mp::Limb;
namespace ln = dstu::mp::ln;
using dstu::test::limbs_of;
using dstu::test::Mpz;
using dstu::test::TestRng;

namespace {

const char* const kPaths[] = {"native", "portable"};

Mpz mpz_of(const std::vector<Limb>& l) {
  Mpz z;
  z.set_limbs(l);
  return z;
}

/// Sizes in limbs: every size up to 40, then log-spread up to 128 limbs (8192 bits).
std::size_t pick_limbs(TestRng& rng, int i) {
  if (i < 400) return static_cast<std::size_t>(i % 40) + 1;
  return (rng.log_bits(8192) + 63) / 64;
}

}  // namespace

TEST_CASE("products of every method agree with mpz_mul") {
  for (const char* path : kPaths) {
    dstu::cpu::set_override(path);
    TestRng rng(1);
    for (int i = 0; i < 10000; ++i) {
      const std::size_t na = pick_limbs(rng, i);
      const std::size_t nb = i % 3 == 0 ? na : rng.range(1, na);
      auto a = rng.limbs(na), b = rng.limbs(nb);
      Mpz expect;
      mpz_mul(expect.v, mpz_of(a).v, mpz_of(b).v);
      const auto want = limbs_of(expect, na + nb);
      INFO("path=" << path << " na=" << na << " nb=" << nb << " seed=" << dstu::test::seed());
      std::vector<Limb> r(na + nb), scratch(ln::mul_scratch(na, nb) + 1);
      ln::mul_comba(r.data(), a.data(), na, b.data(), nb);
      CHECK(r == want);
      ln::mul_basecase(r.data(), a.data(), na, b.data(), nb);
      CHECK(r == want);
      ln::mul(r.data(), a.data(), na, b.data(), nb, scratch.data());
      CHECK(r == want);
      if (na == nb) {
        std::vector<Limb> ks(ln::karatsuba_scratch(na) + 1);
        ln::mul_karatsuba(r.data(), a.data(), b.data(), na, ks.data());
        CHECK(r == want);
      }
    }
  }
  dstu::cpu::set_override("native");
}

TEST_CASE("squares agree with mpz_mul(a, a)") {
  for (const char* path : kPaths) {
    dstu::cpu::set_override(path);
    TestRng rng(2);
    for (int i = 0; i < 10000; ++i) {
      const std::size_t n = pick_limbs(rng, i);
      auto a = rng.limbs(n);
      Mpz za = mpz_of(a), expect;
      mpz_mul(expect.v, za.v, za.v);
      const auto want = limbs_of(expect, 2 * n);
      INFO("path=" << path << " n=" << n);
      std::vector<Limb> r(2 * n), scratch(ln::mul_scratch(n, n) + ln::karatsuba_scratch(n) + 1);
      ln::sqr_comba(r.data(), a.data(), n);
      CHECK(r == want);
      ln::sqr_basecase(r.data(), a.data(), n);
      CHECK(r == want);
      ln::sqr(r.data(), a.data(), n, scratch.data());
      CHECK(r == want);
      ln::sqr_karatsuba(r.data(), a.data(), n, scratch.data());
      CHECK(r == want);
    }
  }
  dstu::cpu::set_override("native");
}

TEST_CASE("rows: mul_1, addmul_1, submul_1") {
  for (const char* path : kPaths) {
    dstu::cpu::set_override(path);
    TestRng rng(3);
    for (int i = 0; i < 10000; ++i) {
      const std::size_t n = pick_limbs(rng, i);
      auto a = rng.limbs(n), r0 = rng.limbs(n);
      const Limb w = rng.limbs(1)[0];
      Mpz za = mpz_of(a), zr = mpz_of(r0), prod, sum, diff, base;
      mpz_mul_ui(prod.v, za.v, w);
      mpz_add(sum.v, zr.v, prod.v);
      mpz_ui_pow_ui(base.v, 2, 64 * (n + 1));
      mpz_sub(diff.v, zr.v, prod.v);
      mpz_mod(diff.v, diff.v, base.v);  // two's complement over n + 1 limbs
      INFO("path=" << path << " n=" << n);
      std::vector<Limb> r(n + 1);
      r[n] = ln::mul_1(r.data(), a.data(), n, w);
      CHECK(r == limbs_of(prod, n + 1));
      r.assign(r0.begin(), r0.end());
      r.push_back(0);
      r[n] = ln::addmul_1(r.data(), a.data(), n, w);
      CHECK(r == limbs_of(sum, n + 1));
      r.assign(r0.begin(), r0.end());
      r.push_back(0);
      r[n] = 0 - ln::submul_1(r.data(), a.data(), n, w);
      CHECK(r == limbs_of(diff, n + 1));
    }
  }
  dstu::cpu::set_override("native");
}

TEST_CASE("Knuth D division agrees with mpz_tdiv_qr") {
  TestRng rng(4);
  for (int i = 0; i < 10000; ++i) {
    const std::size_t nu = pick_limbs(rng, i);
    const std::size_t nv = rng.range(1, nu);
    auto u = rng.limbs(nu), v = rng.limbs(nv);
    if (v[nv - 1] == 0) v[nv - 1] = 1 + rng.range(0, 3);  // top limb 1..4 is a hard case
    Mpz q, r;
    mpz_tdiv_qr(q.v, r.v, mpz_of(u).v, mpz_of(v).v);
    INFO("nu=" << nu << " nv=" << nv);
    std::vector<Limb> qq(nu - nv + 1), rr(nv);
    ln::divrem_vartime(qq.data(), rr.data(), u.data(), nu, v.data(), nv);
    CHECK(qq == limbs_of(q, nu - nv + 1));
    CHECK(rr == limbs_of(r, nv));
  }
}

TEST_CASE("Knuth D: quotient digits that need the add-back correction") {
  // u = v * q + small with q digits equal to B - 1 forces qhat overestimates:
  // divisors with top limb 1 (after normalisation 2^63) and all-ones dividends.
  TestRng rng(5);
  int add_backs = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::size_t nv = rng.range(2, 8), nq = rng.range(1, 8);
    std::vector<Limb> v(nv, 0), q(nq, ~Limb{0});
    v[nv - 1] = 1 + rng.range(0, 1);
    v[0] = rng.u64();
    for (std::size_t k = 1; k + 1 < nv; ++k) v[k] = rng.range(0, 1) ? ~Limb{0} : 0;
    Mpz zu;
    mpz_mul(zu.v, mpz_of(v).v, mpz_of(q).v);
    mpz_add_ui(zu.v, zu.v, rng.range(0, 5));
    const std::size_t nu = (mpz_sizeinbase(zu.v, 2) + 63) / 64;
    if (nu < nv) continue;
    auto u = limbs_of(zu, nu);
    Mpz qq, rr;
    mpz_tdiv_qr(qq.v, rr.v, zu.v, mpz_of(v).v);
    std::vector<Limb> gq(nu - nv + 1), gr(nv);
    ln::divrem_vartime(gq.data(), gr.data(), u.data(), nu, v.data(), nv);
    CHECK(gq == limbs_of(qq, nu - nv + 1));
    CHECK(gr == limbs_of(rr, nv));
    ++add_backs;
  }
  CHECK(add_backs > 1000);
}

TEST_CASE("additions and shifts carry through every limb") {
  TestRng rng(6);
  for (int i = 0; i < 10000; ++i) {
    const std::size_t n = pick_limbs(rng, i);
    auto a = rng.limbs(n), b = rng.limbs(n);
    Mpz za = mpz_of(a), zb = mpz_of(b), s, d, base;
    mpz_add(s.v, za.v, zb.v);
    mpz_ui_pow_ui(base.v, 2, 64 * n);
    mpz_sub(d.v, za.v, zb.v);
    mpz_mod(d.v, d.v, base.v);
    std::vector<Limb> r(n + 1);
    r[n] = ln::add_n(r.data(), a.data(), b.data(), n);
    CHECK(r == limbs_of(s, n + 1));
    Limb borrow = ln::sub_n(r.data(), a.data(), b.data(), n);
    r.resize(n);
    CHECK(r == limbs_of(d, n));
    CHECK(borrow == (mpz_cmp(za.v, zb.v) < 0 ? 1u : 0u));
    const unsigned cnt = static_cast<unsigned>(rng.range(0, 63));
    Mpz sl, sr;
    mpz_mul_2exp(sl.v, za.v, cnt);
    mpz_tdiv_q_2exp(sr.v, za.v, cnt);
    std::vector<Limb> t(n + 1);
    t[n] = ln::lshift(t.data(), a.data(), n, cnt);
    CHECK(t == limbs_of(sl, n + 1));
    t.resize(n);
    ln::rshift(t.data(), a.data(), n, cnt);
    CHECK(t == limbs_of(sr, n));
  }
  // All-ones plus one carries out of the top.
  std::vector<Limb> ones(17, ~Limb{0}), r(17);
  CHECK(ln::add_1(r.data(), ones.data(), 17, 1) == 1);
  CHECK(ln::normalized_size_vartime(r.data(), 17) == 0);
  CHECK(ln::sub_1(r.data(), r.data(), 17, 1) == 1);
  CHECK(r == ones);
}
