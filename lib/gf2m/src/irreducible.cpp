// Rabin's irreducibility test for a public modulus f of degree m: f is irreducible iff
// x^(2^m) = x (mod f) and gcd(x^(2^(m/p)) - x, f) = 1 for every prime p dividing m.
// Also the slow, variable-time polynomial helpers used while building fields.
#include <algorithm>
#include <bit>
#include <span>
#include <vector>

#include "dstu/gf2m/field.hpp"
#include "slow_poly.hpp"
#include "words.hpp"

namespace dstu::gf2m {
namespace detail {
namespace {

void trim(SlowPoly& a) {
  while (!a.empty() && a.back() == 0) a.pop_back();
}

void flip(SlowPoly& a, int i) {
  const auto w = static_cast<std::size_t>(i / 64);
  if (a.size() <= w) a.resize(w + 1, 0);
  a[w] ^= Word(1) << (i % 64);
}

/// a ^= b << s.
void add_shifted(SlowPoly& a, const SlowPoly& b, int s) {
  const int db = slow_degree(b);
  if (db < 0) return;
  const auto need = static_cast<std::size_t>((db + s) / 64 + 1);
  if (a.size() < need) a.resize(need, 0);
  const int q = s / 64, r = s % 64;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const auto j = i + static_cast<std::size_t>(q);
    if (j < a.size()) a[j] ^= b[i] << r;
    if (r != 0 && j + 1 < a.size()) a[j + 1] ^= b[i] >> (64 - r);
  }
}

}  // namespace

SlowPoly slow_from_exponents(std::span<const int> exponents) {
  SlowPoly f;
  for (int e : exponents) flip(f, e);
  trim(f);
  return f;
}

int slow_degree(const SlowPoly& a) {
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != 0) return static_cast<int>(64 * i) + 63 - std::countl_zero(a[i]);
  }
  return -1;
}

SlowPoly slow_divmod(SlowPoly a, const SlowPoly& f, SlowPoly* q) {
  const int df = slow_degree(f);
  if (q) q->assign(a.size() + 1, 0);
  for (int d = slow_degree(a); d >= df; --d) {
    if (((a[static_cast<std::size_t>(d / 64)] >> (d % 64)) & 1) == 0) continue;
    // a ^= f << (d - df), word by word.
    const int s = d - df, sq = s / 64, sb = s % 64;
    for (std::size_t i = 0; i < f.size(); ++i) {
      const std::size_t j = i + static_cast<std::size_t>(sq);
      if (j < a.size()) a[j] ^= f[i] << sb;
      if (sb != 0 && j + 1 < a.size()) a[j + 1] ^= f[i] >> (64 - sb);
    }
    if (q) (*q)[static_cast<std::size_t>(s / 64)] |= Word(1) << (s % 64);
  }
  trim(a);
  if (q) trim(*q);
  return a;
}

namespace {

/// The n <= 64 bits of a from bit lo up, cleared in a.
Word take_bits(SlowPoly& a, int lo, int n) {
  const auto w = static_cast<std::size_t>(lo / 64);
  const int b = lo % 64;
  const Word mask = n == 64 ? ~Word(0) : (Word(1) << n) - 1;
  Word v = a[w] >> b;
  if (b != 0 && w + 1 < a.size()) v |= a[w + 1] << (64 - b);
  v &= mask;
  a[w] &= ~(mask << b);
  if (b != 0 && n > 64 - b) a[w + 1] &= ~(mask >> (64 - b));
  return v;
}

/// a ^= v x^pos for the n <= 64 bits of v, all within a.
void xor_bits(SlowPoly& a, int pos, Word v, int n) {
  const auto w = static_cast<std::size_t>(pos / 64);
  const int b = pos % 64;
  a[w] ^= v << b;
  if (b != 0 && n > 64 - b) a[w + 1] ^= v >> (64 - b);
}

}  // namespace

// The bits of a from x^m up, `step` at a time from the top: each chunk c at x^lo is
// replaced by the sum of c x^(lo - m + e), which lands below x^lo as step <= m - lower[0].
// A chunk costs one shift per term of f where long division costs a pass over f per bit.
SlowPoly slow_fold_mod(SlowPoly a, int m, std::span<const int> lower, int step) {
  for (int hi = slow_degree(a); hi >= m;) {
    const int lo = std::max(m, hi - step + 1), n = hi - lo + 1;
    const Word c = take_bits(a, lo, n);
    if (c != 0) {
      for (int e : lower) xor_bits(a, lo - m + e, c, n);
    }
    hi = lo - 1;
  }
  trim(a);
  return a;
}

SlowPoly slow_sqrmod(const SlowPoly& a, const SlowPoly& f) {
  SlowPoly s(2 * a.size() + 1, 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    s[2 * i] = spread32(a[i]);
    s[2 * i + 1] = spread32(a[i] >> 32);
  }
  // Folding where f has few terms (the trinomials and pentanomials of every standard
  // field): per bit of a it costs |lower| / step shifts against long division's f.size()
  // / 2 words.
  const int m = slow_degree(f);
  std::vector<int> lower;
  for (int e = m - 1; e >= 0; --e) {
    if ((f[static_cast<std::size_t>(e / 64)] >> (e % 64)) & 1) lower.push_back(e);
  }
  const int step = lower.empty() ? 64 : std::min(64, m - lower.front());
  if (2 * lower.size() > static_cast<std::size_t>(step) * f.size()) return slow_divmod(std::move(s), f);
  return slow_fold_mod(std::move(s), m, lower, step);
}

SlowPoly slow_gcd(SlowPoly a, SlowPoly b) {
  trim(a);
  trim(b);
  while (!b.empty()) {
    SlowPoly r = slow_divmod(a, b);
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

}  // namespace detail

bool is_irreducible_vartime(std::span<const int> exponents) {
  using namespace detail;
  const SlowPoly f = slow_from_exponents(exponents);
  const int m = slow_degree(f);
  if (m < 1) return false;
  if (m == 1) return true;
  std::vector<int> primes;
  for (int p = 2, n = m; n > 1; ++p) {
    if (n % p == 0) {
      primes.push_back(p);
      while (n % p == 0) n /= p;
    }
  }
  const SlowPoly x = slow_from_exponents(std::vector<int>{1});
  SlowPoly t = x;  // x^(2^i) mod f
  for (int i = 1; i <= m; ++i) {
    t = slow_sqrmod(t, f);
    for (int p : primes) {
      if (i == m / p) {
        SlowPoly g = t;
        add_shifted(g, x, 0);
        trim(g);
        if (slow_degree(slow_gcd(f, g)) != 0) return false;
      }
    }
  }
  SlowPoly d = t;
  add_shifted(d, x, 0);
  trim(d);
  return d.empty();
}

}  // namespace dstu::gf2m
