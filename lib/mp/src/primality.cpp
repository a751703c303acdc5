// Miller-Rabin, the strong Lucas test, Baillie-PSW and the round count.
#include <cmath>
#include <cstdlib>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "prime_internal.hpp"
#include "window.hpp"

namespace dstu::mp {
namespace {

using Vec = std::vector<Limb>;

/// Modular addition, subtraction and halving of n-limb residues (values < m).
struct ResidueOps {
  const Montgomery& mont;
  const Limb* m;
  std::size_t n;
  void add(Vec& r, const Vec& a, const Vec& b) const {
    const Limb c = ln::add_n(r.data(), a.data(), b.data(), n);
    if (c || ln::cmp_vartime(r.data(), m, n) >= 0) ln::sub_n(r.data(), r.data(), m, n);
  }
  void sub(Vec& r, const Vec& a, const Vec& b) const {
    if (ln::sub_n(r.data(), a.data(), b.data(), n)) ln::add_n(r.data(), r.data(), m, n);
  }
  void half(Vec& r) const {
    Limb top = 0;
    if (r[0] & 1) top = ln::add_n(r.data(), r.data(), m, n);
    ln::rshift(r.data(), r.data(), n, 1);
    r[n - 1] |= top << 63;
  }
  bool is_zero(const Vec& a) const { return ln::normalized_size_vartime(a.data(), n) == 0; }
};

/// A residue for a small signed integer.
Vec residue_of(const Montgomery& mont, std::int64_t v) {
  const Nat mag(static_cast<std::uint64_t>(std::llabs(v)));
  Vec r = mont.to_mont(mag);
  if (v < 0 && ln::normalized_size_vartime(r.data(), r.size()) != 0) {
    Vec m(mont.modulus().limbs().begin(), mont.modulus().limbs().end());
    ln::sub_n(r.data(), m.data(), r.data(), r.size());
  }
  return r;
}

bool is_perfect_square(const Nat& n) {
  // Quadratic residues mod 64 reject most non-squares at once.
  static constexpr std::uint64_t kSquaresMod64 = 0x0202021202030213ULL;
  if (!((kSquaresMod64 >> (n.low_u64() & 63)) & 1)) return false;
  Nat x = Nat::power_of_two((n.bits() + 1) / 2);  // >= sqrt(n)
  for (;;) {
    Nat y = (x + n / x) >> 1;
    if (y >= x) break;
    x.swap(y);
  }
  return x * x == n;
}

}  // namespace

int jacobi(std::int64_t a, const Nat& n) {
  if (!n.is_odd()) throw_invalid("Jacobi symbol needs an odd n");
  int sign = 1;
  const Limb n8 = n.low_u64() & 7;
  if (a < 0) {
    a = -a;
    if ((n8 & 3) == 3) sign = -sign;  // (-1/n) = -1 iff n = 3 mod 4
  }
  auto ua = static_cast<std::uint64_t>(a);
  while (ua != 0 && ua % 2 == 0) {
    ua /= 2;
    if (n8 == 3 || n8 == 5) sign = -sign;  // (2/n) = -1 iff n = 3, 5 mod 8
  }
  if (ua == 0) return n == Nat(1) ? sign : 0;
  if (ua == 1) return sign;
  // Reciprocity: (ua/n) = (n mod ua / ua), negated when both are 3 mod 4.
  if ((ua & 3) == 3 && (n8 & 3) == 3) sign = -sign;
  std::uint64_t x = mod_limb(n, ua), y = ua;
  while (x != 0) {
    while (x % 2 == 0) {
      x /= 2;
      if ((y & 7) == 3 || (y & 7) == 5) sign = -sign;
    }
    std::swap(x, y);
    if ((x & 3) == 3 && (y & 3) == 3) sign = -sign;
    x %= y;
  }
  return y == 1 ? sign : 0;
}

namespace {

/// One strong-probable-prime round in domain D: a^d, then up to s - 1 squarings.
template <class D>
bool miller_rabin_in(D& dom, const Nat& n, const Nat& a) {
  const Nat n1 = n - Nat(1);
  std::size_t s = 0;
  while (!n1.bit(s)) ++s;
  const Nat d = n1 >> s;
  const int w = detail::window_size(d.bits());
  const auto table = detail::odd_powers(dom, dom.from(a), w);
  auto x = detail::window_pow(dom, table, d, 0, d.bits(), w);
  const auto one = dom.canonical(dom.one()), minus_one = dom.canonical(dom.from(n1));
  auto c = dom.canonical(x);
  if (c == one || c == minus_one) return true;
  for (std::size_t i = 1; i < s; ++i) {
    dom.sqr(x, x);
    c = dom.canonical(x);
    if (c == minus_one) return true;
    if (c == one) return false;
  }
  return false;
}

}  // namespace

bool miller_rabin(const PrimeContext& ctx, const Nat& n, const Nat& a) {
  if (ctx.ifma) {
    detail::IfmaDomain dom(*ctx.ifma);
    return miller_rabin_in(dom, n, a);
  }
  detail::MontDomain dom(ctx.mont);
  return miller_rabin_in(dom, n, a);
}

PrimeContext::PrimeContext(const Nat& n) : mont(n) {
  if (detail::use_ifma(n)) ifma.emplace(n);
}

bool miller_rabin(const Nat& n, const Nat& a) {
  if (!n.is_odd() || n <= Nat(3)) throw_invalid("Miller-Rabin needs an odd n > 3");
  return miller_rabin(PrimeContext(n), n, a % n);
}

bool strong_lucas(const Nat& n) {
  if (!n.is_odd() || n <= Nat(3)) throw_invalid("the Lucas test needs an odd n > 3");
  // Selfridge: D = 5, -7, 9, -11, ... until (D/n) = -1.
  std::int64_t D = 5;
  for (int tries = 0;; ++tries) {
    const int j = jacobi(D, n);
    if (j == -1) break;
    if (j == 0 && n != Nat(static_cast<std::uint64_t>(std::llabs(D)))) return false;
    if (tries == 8 && is_perfect_square(n)) return false;
    D = D > 0 ? -(D + 2) : -(D - 2);
  }
  const std::int64_t Q = (1 - D) / 4;
  const Montgomery mont(n);
  const std::size_t len = mont.size();
  const Vec mod(n.limbs().begin(), n.limbs().end());
  const ResidueOps ops{mont, mod.data(), len};
  detail::MontDomain dom(mont);
  // n + 1 = k 2^s with k odd.
  const Nat n1 = n + Nat(1);
  std::size_t s = 0;
  while (!n1.bit(s)) ++s;
  const Nat k = n1 >> s;
  const Vec d_res = residue_of(mont, D), q_res = residue_of(mont, Q);
  Vec U = mont.one(), V = mont.one(), Qk = q_res, t(len), t2(len);  // U_1 = 1, V_1 = P = 1
  for (std::size_t i = k.bits() - 1; i-- > 0;) {
    dom.mul(U, U, V);  // U_2j = U_j V_j
    dom.sqr(t, V);     // V_2j = V_j^2 - 2 Q^j
    ops.add(t2, Qk, Qk);
    ops.sub(V, t, t2);
    dom.sqr(Qk, Qk);
    if (k.bit(i)) {  // U_2j+1 = (U + V)/2, V_2j+1 = (D U + V)/2 (P = 1)
      dom.mul(t, d_res, U);
      ops.add(U, U, V);
      ops.half(U);
      ops.add(V, t, V);
      ops.half(V);
      dom.mul(Qk, Qk, q_res);
    }
  }
  if (ops.is_zero(U) || ops.is_zero(V)) return true;
  for (std::size_t r = 1; r < s; ++r) {  // V_{k 2^r}
    dom.sqr(t, V);
    ops.add(t2, Qk, Qk);
    ops.sub(V, t, t2);
    if (ops.is_zero(V)) return true;
    dom.sqr(Qk, Qk);
  }
  return false;
}

bool baillie_psw(const Nat& n) {
  if (n < Nat(2)) return false;
  if (n == Nat(2)) return true;
  if (!n.is_odd()) return false;
  if (n < Nat(1u << 16)) return !has_small_factor(n);
  if (has_small_factor(n)) return false;
  return miller_rabin(n, Nat(2)) && strong_lucas(n);
}

int random_candidate_rounds(std::size_t bits) {
  if (bits <= 64) return 0;  // BPSW is exact below 2^64
  // log2 of the DLP bounds on p_{k,t}, the chance that a random odd k-bit composite
  // passes t rounds; take the first t with some applicable bound <= -128.
  const double k = static_cast<double>(bits), lk = std::log2(k);
  for (int t = 1; t <= kAdversarialRounds; ++t) {
    const double tt = t;
    double best = 0;
    auto take = [&](double b) { best = std::min(best, b); };
    take(2 * lk + 2 * (2 - std::sqrt(k)));  // p_{k,t} <= p_{k,1}
    if ((t == 2 && k >= 88) || (t >= 3 && tt <= k / 9 && k >= 21)) {
      take(1.5 * lk + tt - 0.5 * std::log2(tt) + 2 * (2 - std::sqrt(tt * k)));
    }
    if (tt >= k / 9 && tt <= k / 4 && k >= 21) {
      const double a = std::log2(7.0 / 20) + lk - 5 * tt;
      const double b = std::log2(1.0 / 7) + 3.75 * lk - k / 2 - 2 * tt;
      const double c = std::log2(12.0) + lk - k / 4 - 3 * tt;
      const double mx = std::max({a, b, c});
      take(mx + std::log2(std::exp2(a - mx) + std::exp2(b - mx) + std::exp2(c - mx)));
    }
    if (tt >= k / 4 && k >= 21) take(std::log2(1.0 / 7) + 3.75 * lk - k / 2 - 2 * tt);
    if (best <= -128) return t;
  }
  return kAdversarialRounds;
}

bool probable_prime_after_sieve(const Nat& n, RandomSource& rng, int rounds, TestStats& stats) {
  const PrimeContext ctx(n);
  ++stats.mr_rounds;
  if (!miller_rabin(ctx, n, Nat(2))) return false;
  ++stats.lucas_tests;
  if (!strong_lucas(n)) return false;
  if (n.bits() <= 64) return true;
  if (rounds < 0) rounds = random_candidate_rounds(n.bits());
  const Nat span = n - Nat(3);  // bases uniform in [2, n - 2]
  std::vector<std::uint8_t> buf((n.bits() + 7) / 8 + 8);
  for (int i = 0; i < rounds; ++i) {
    rng.fill(buf);
    const Nat a = Nat::from_bytes_le(buf) % span + Nat(2);
    ++stats.mr_rounds;
    if (!miller_rabin(ctx, n, a)) return false;
  }
  return true;
}

bool is_probable_prime(const Nat& n, RandomSource& rng, int rounds, TestStats* stats) {
  TestStats local;
  TestStats& st = stats ? *stats : local;
  ++st.candidates;
  if (n < Nat(2)) return false;
  if (n == Nat(2)) return true;
  if (!n.is_odd()) return false;
  if (n < Nat(1u << 16)) return !has_small_factor(n);
  if (has_small_factor(n)) {
    ++st.sieved_out;
    return false;
  }
  return probable_prime_after_sieve(n, rng, rounds, st);
}

}  // namespace dstu::mp
