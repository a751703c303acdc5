// The constant-time inverse modulo an odd p by the divsteps of Bernstein and Yang
// ("Fast constant-time gcd computation and modular inversion", TCHES 2019(3)), in
// batches of 62 steps on the low words (the approach of bitcoin-core/secp256k1's
// modinv64, written here for any odd modulus of up to 576 bits).
//
// Numbers are signed in limbs of 62 bits (every limb in [0, 2^62) but the top one,
// which carries the sign). Start with f = p, g = x, d = 0, e = 1; the invariants are
// f = d x and g = e x (mod p). Each batch computes, from the low 64 bits of f and g
// alone, the matrix M of 62 divsteps (2^62 (f', g') = M (f, g), each row's entries at
// most 2^62 in magnitude together), then applies it to the full f and g and, divided by 2^62 modulo p, to d
// and e. After the number of divsteps that Bernstein and Yang's Theorem 11.2 proves
// enough for numbers of L(p) bits, g = 0 and f = +-1, so x^-1 = +-d.
//
// Constant time: the number of batches depends on L(p) only (public), every step is
// masks and arithmetic, no branch or index on x. The numbers have as many 62-bit limbs
// as the prime's size needs (a template on that count, 5 for 256-bit primes: every
// batch works on all the limbs, so limbs sized for the largest prime would slow the
// small ones).
//
// inv_safegcd_vartime, for public x (verification), runs the same divsteps but jumps
// over runs of even g (count trailing zeros), branches on the swaps, clears up to six
// bits of g with one multiple of f between swaps, and stops as soon as g = 0 instead of
// after the proven bound.
#include "inv_safegcd.hpp"

#include <algorithm>
#include <array>

#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::gfp::detail {
namespace {

using S64 = std::int64_t;
using S128 = __int128;
constexpr S64 kM62 = (S64{1} << 62) - 1;
/// A signed number in L limbs of 62 bits (the top one signed, 64 bits).
template <std::size_t L>
using Num = std::array<S64, L>;

/// The limbs for a prime of n 64-bit limbs: f, g stay below 2^L(p) in magnitude, d and e
/// below 2p < 2^(64 n + 1), and L limbs hold 62 (L - 1) + 63 bits.
constexpr std::size_t limbs_62(std::size_t n) { return (64 * n + 61) / 62; }

struct Matrix {
  S64 u, v, q, r;
};

/// 62 divsteps on the low words of f (odd) and g; delta carried across batches.
Matrix divsteps_62(S64& delta, std::uint64_t f, std::uint64_t g) {
  // Invariant: 2^i (f_i, g_i) = M (f_0, g_0) on the low 64 - i bits.
  std::uint64_t u = 1, v = 0, q = 0, r = 1;
  for (int i = 0; i < 62; ++i) {
    const std::uint64_t odd = 0 - (g & 1);
    const std::uint64_t pos = static_cast<std::uint64_t>((0 - delta) >> 63);  // delta > 0
    const std::uint64_t swap = odd & pos;
    // swap: (f, g) <- (g, g - f); else g <- g + f when g is odd; then g /= 2.
    const std::uint64_t nf = f ^ ((f ^ g) & swap), nu = u ^ ((u ^ q) & swap), nv = v ^ ((v ^ r) & swap);
    std::uint64_t ng = g ^ ((g ^ (0 - f)) & swap), nq = q ^ ((q ^ (0 - u)) & swap), nr = r ^ ((r ^ (0 - v)) & swap);
    ng += nf & odd;
    nq += nu & odd;
    nr += nv & odd;
    delta = (delta ^ ((delta ^ (0 - delta)) & static_cast<S64>(swap))) + 1;
    f = nf;
    g = ng >> 1;
    u = nu << 1;
    v = nv << 1;
    q = nq;
    r = nr;
  }
  return {static_cast<S64>(u), static_cast<S64>(v), static_cast<S64>(q), static_cast<S64>(r)};
}

/// (a x + b y) / 2^62 for an exactly divisible sum.
template <std::size_t kL>
Num<kL> combine(S64 a, const Num<kL>& x, S64 b, const Num<kL>& y) {
  S128 acc = static_cast<S128>(a) * x[0] + static_cast<S128>(b) * y[0];
  acc >>= 62;
  Num<kL> out{};
  for (std::size_t i = 1; i < kL; ++i) {
    acc += static_cast<S128>(a) * x[i] + static_cast<S128>(b) * y[i];
    out[i - 1] = static_cast<S64>(acc) & kM62;
    acc >>= 62;
  }
  out[kL - 1] = static_cast<S64>(acc);
  return out;
}

/// (a x + b y) / 2^62 mod p for x, y in [0, p): the sum plus the multiple m p that makes
/// it divisible, in (-p, 2p); then brought into [0, p) by masked additions of p.
template <std::size_t kL>
Num<kL> combine_mod(S64 a, const Num<kL>& x, S64 b, const Num<kL>& y, const Num<kL>& p, std::uint64_t p_inv62) {
  const std::uint64_t low = static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(x[0]) +
                            static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(y[0]);
  const S64 m = static_cast<S64>((0 - low * p_inv62) & static_cast<std::uint64_t>(kM62));
  S128 acc = static_cast<S128>(a) * x[0] + static_cast<S128>(b) * y[0] + static_cast<S128>(m) * p[0];
  acc >>= 62;
  Num<kL> out{};
  for (std::size_t i = 1; i < kL; ++i) {
    acc += static_cast<S128>(a) * x[i] + static_cast<S128>(b) * y[i] + static_cast<S128>(m) * p[i];
    out[i - 1] = static_cast<S64>(acc) & kM62;
    acc >>= 62;
  }
  out[kL - 1] = static_cast<S64>(acc);
  // out in (-p, 2p): add p if negative, then subtract p if not below p.
  auto add_masked = [&](Num<kL>& z, S64 sign, S64 mask) {
    S64 carry = 0;
    for (std::size_t i = 0; i < kL; ++i) {
      const S64 t = z[i] + sign * (p[i] & mask) + carry;
      z[i] = i + 1 < kL ? (t & kM62) : t;
      carry = t >> 62;
    }
  };
  add_masked(out, 1, out[kL - 1] >> 63);
  Num<kL> t = out;
  add_masked(t, -1, -1);
  const S64 keep = t[kL - 1] >> 63;  // t < 0: out was below p
  for (std::size_t i = 0; i < kL; ++i) out[i] = (out[i] & keep) | (t[i] & ~keep);
  return out;
}

template <std::size_t kL>
Num<kL> to_62(const mp::Limb* x, std::size_t n) {
  Num<kL> out{};
  for (std::size_t bit = 0, i = 0; i < kL; ++i, bit += 62) {
    const std::size_t w = bit / 64, s = bit % 64;
    std::uint64_t v = w < n ? x[w] >> s : 0;
    if (s > 2 && w + 1 < n) v |= x[w + 1] << (64 - s);
    out[i] = static_cast<S64>(v & static_cast<std::uint64_t>(kM62));
  }
  return out;
}

template <std::size_t kL>
void from_62(mp::Limb* r, std::size_t n, const Num<kL>& x) {
  for (std::size_t w = 0; w < n; ++w) r[w] = 0;
  for (std::size_t bit = 0, i = 0; i < kL; ++i, bit += 62) {
    const std::size_t w = bit / 64, s = bit % 64;
    const std::uint64_t v = static_cast<std::uint64_t>(x[i]);
    if (w < n) r[w] |= v << s;
    if (s > 2 && w + 1 < n) r[w + 1] |= v >> (64 - s);
  }
}

}  // namespace

std::size_t safegcd_divsteps(std::size_t bits) {
  // Theorem 11.2: enough for f, g below 2^bits.
  return bits < 46 ? (49 * bits + 80) / 17 : (49 * bits + 57) / 17;
}

namespace {

/// The state of an inversion: f = d x, g = e x (mod p), delta.
template <std::size_t kL>
struct State {
  Num<kL> p, f, g, d, e;
  std::uint64_t p_inv62;  ///< p^-1 mod 2^62
  S64 delta = 1;

  State(const mp::Limb* x, const mp::Limb* pl, std::size_t n, mp::Limb m0inv)
      : p(to_62<kL>(pl, n)), f(p), g(to_62<kL>(x, n)), d{}, e{},
        p_inv62((0 - m0inv) & static_cast<std::uint64_t>(kM62)) {
    e[0] = 1;
  }
  ~State() { secure_wipe(this, sizeof *this); }

  std::uint64_t low(const Num<kL>& z) const {
    return static_cast<std::uint64_t>(z[0]) | static_cast<std::uint64_t>(z[1]) << 62;
  }
  /// Applies the matrix of a batch to f, g, d, e.
  void apply(const Matrix& m) {
    Num<kL> nf = combine(m.u, f, m.v, g), ng = combine(m.q, f, m.r, g);
    Num<kL> nd = combine_mod(m.u, d, m.v, e, p, p_inv62), ne = combine_mod(m.q, d, m.r, e, p, p_inv62);
    f = nf;
    g = ng;
    d = nd;
    e = ne;
    ScopedWipe wipe(nf, ng, nd, ne);
  }
  /// x^-1 = d, or p - d when f = -1 (f = +-1 at the end; f = p, d = 0 when x = 0).
  void result(mp::Limb* r, std::size_t n) {
    const S64 neg = f[kL - 1] >> 63;
    Num<kL> minus_d{};
    S64 borrow = 0;
    for (std::size_t i = 0; i < kL; ++i) {
      const S64 t = p[i] - d[i] + borrow;
      minus_d[i] = i + 1 < kL ? (t & kM62) : t;
      borrow = t >> 62;
    }
    // p - 0 = p must stay 0: d = 0 only when x = 0, where f = p > 0 and neg is 0.
    for (std::size_t i = 0; i < kL; ++i) d[i] = (d[i] & ~neg) | (minus_d[i] & neg);
    from_62(r, n, d);
    secure_wipe(&minus_d, sizeof minus_d);
  }
};

/// 62 divsteps on public low words, variable time: runs of even g at once, a branch
/// for each swap, and between swaps up to 6 (after one) or 4 bits of g cleared by one
/// multiple of f, g + w f = 0 mod 2^limit with w = -g / f mod 2^limit (limit at most
/// 1 - delta, so that no swap falls inside: the divsteps it stands for all add f or
/// nothing), as in the variable-time divsteps of Wuille's safegcd implementation for
/// libsecp256k1. The same matrix as divsteps_62.
Matrix divsteps_62_vartime(S64& delta, std::uint64_t f, std::uint64_t g) {
  std::uint64_t u = 1, v = 0, q = 0, r = 1;
  int left = 62;
  for (;;) {
    const int zeros = __builtin_ctzll(g | (std::uint64_t{1} << left));  // at most `left`
    g >>= zeros;
    u <<= zeros;
    v <<= zeros;
    delta += zeros;
    left -= zeros;
    if (left == 0) break;
    const bool swapped = delta > 0;
    if (swapped) {  // g odd: (f, g) <- (g, -f), the rows likewise
      delta = -delta;
      std::uint64_t t = f;
      f = g;
      g = 0 - t;
      t = u;
      u = q;
      q = 0 - t;
      t = v;
      v = r;
      r = 0 - t;
    }
    const int limit = std::min<S64>(1 - delta, left);
    const std::uint64_t m = (~std::uint64_t{0} >> (64 - limit)) & (swapped ? 63 : 15);
    const std::uint64_t w = swapped ? (f * g * (f * f - 2)) & m  // f (f^2 - 2) = -1/f mod 64, f odd
                                    : (0 - (f + (((f + 1) & 4) << 1)) * g) & m;  // 1/f mod 16, f odd
    g += f * w;  // g = 0 mod 2^limit now: the next round's zeros
    q += u * w;
    r += v * w;
  }
  return {static_cast<S64>(u), static_cast<S64>(v), static_cast<S64>(q), static_cast<S64>(r)};
}

template <std::size_t kL>
void inv(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits, mp::Limb m0inv) {
  State<kL> s(x, p, n, m0inv);
  const std::size_t batches = (safegcd_divsteps(bits) + 61) / 62;
  for (std::size_t b = 0; b < batches; ++b) {
    Matrix m = divsteps_62(s.delta, s.low(s.f), s.low(s.g));
    s.apply(m);
    secure_wipe(&m, sizeof m);
  }
  s.result(r, n);
}

template <std::size_t kL>
void inv_vartime(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                 mp::Limb m0inv) {
  State<kL> s(x, p, n, m0inv);
  const std::size_t batches = (safegcd_divsteps(bits) + 61) / 62;
  for (std::size_t b = 0; b < batches; ++b) {
    bool zero = true;
    for (S64 w : s.g) zero = zero && w == 0;
    if (zero) break;  // g = 0: done (x public)
    s.apply(divsteps_62_vartime(s.delta, s.low(s.f), s.low(s.g)));
  }
  s.result(r, n);
}

/// Calls F<limbs_62(n)> for n = 1 ... 9.
template <template <std::size_t> class F, class... A>
void for_limbs(std::size_t n, A... args) {
  switch (n) {
    case 1: return F<limbs_62(1)>::run(args...);
    case 2: return F<limbs_62(2)>::run(args...);
    case 3: return F<limbs_62(3)>::run(args...);
    case 4: return F<limbs_62(4)>::run(args...);
    case 5: return F<limbs_62(5)>::run(args...);
    case 6: return F<limbs_62(6)>::run(args...);
    case 7: return F<limbs_62(7)>::run(args...);
    case 8: return F<limbs_62(8)>::run(args...);
    default: return F<limbs_62(9)>::run(args...);
  }
}

template <std::size_t kL>
struct Inv {
  static void run(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits, mp::Limb m0inv) {
    inv<kL>(r, x, p, n, bits, m0inv);
  }
};

template <std::size_t kL>
struct InvVartime {
  static void run(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits, mp::Limb m0inv) {
    inv_vartime<kL>(r, x, p, n, bits, m0inv);
  }
};

}  // namespace

void inv_safegcd(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                 mp::Limb m0inv) {
  for_limbs<Inv>(n, r, x, p, n, bits, m0inv);
}

void inv_safegcd_vartime(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                         mp::Limb m0inv) {
  for_limbs<InvVartime>(n, r, x, p, n, bits, m0inv);
}

DivstepMatrix divsteps_batch(bool vartime, std::int64_t& delta, std::uint64_t f, std::uint64_t g) {
  const Matrix m = vartime ? divsteps_62_vartime(delta, f, g) : divsteps_62(delta, f, g);
  return {m.u, m.v, m.q, m.r};
}

}  // namespace dstu::gfp::detail
