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
// masks and arithmetic, no branch or index on x.
#include "inv_safegcd.hpp"

#include <array>

#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::gfp::detail {
namespace {

using S64 = std::int64_t;
using S128 = __int128;
constexpr S64 kM62 = (S64{1} << 62) - 1;
/// 62-bit limbs for 576 bits and a sign, with room to spare (11 x 62 = 682 bits).
constexpr std::size_t kL = 11;
using Num = std::array<S64, kL>;

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
Num combine(S64 a, const Num& x, S64 b, const Num& y) {
  S128 acc = static_cast<S128>(a) * x[0] + static_cast<S128>(b) * y[0];
  acc >>= 62;
  Num out{};
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
Num combine_mod(S64 a, const Num& x, S64 b, const Num& y, const Num& p, std::uint64_t p_inv62) {
  const std::uint64_t low = static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(x[0]) +
                            static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(y[0]);
  const S64 m = static_cast<S64>((0 - low * p_inv62) & static_cast<std::uint64_t>(kM62));
  S128 acc = static_cast<S128>(a) * x[0] + static_cast<S128>(b) * y[0] + static_cast<S128>(m) * p[0];
  acc >>= 62;
  Num out{};
  for (std::size_t i = 1; i < kL; ++i) {
    acc += static_cast<S128>(a) * x[i] + static_cast<S128>(b) * y[i] + static_cast<S128>(m) * p[i];
    out[i - 1] = static_cast<S64>(acc) & kM62;
    acc >>= 62;
  }
  out[kL - 1] = static_cast<S64>(acc);
  // out in (-p, 2p): add p if negative, then subtract p if not below p.
  auto add_masked = [&](Num& z, S64 sign, S64 mask) {
    S64 carry = 0;
    for (std::size_t i = 0; i < kL; ++i) {
      const S64 t = z[i] + sign * (p[i] & mask) + carry;
      z[i] = i + 1 < kL ? (t & kM62) : t;
      carry = t >> 62;
    }
  };
  add_masked(out, 1, out[kL - 1] >> 63);
  Num t = out;
  add_masked(t, -1, -1);
  const S64 keep = t[kL - 1] >> 63;  // t < 0: out was below p
  for (std::size_t i = 0; i < kL; ++i) out[i] = (out[i] & keep) | (t[i] & ~keep);
  return out;
}

Num to_62(const mp::Limb* x, std::size_t n) {
  Num out{};
  for (std::size_t bit = 0, i = 0; i < kL; ++i, bit += 62) {
    const std::size_t w = bit / 64, s = bit % 64;
    std::uint64_t v = w < n ? x[w] >> s : 0;
    if (s > 2 && w + 1 < n) v |= x[w + 1] << (64 - s);
    out[i] = static_cast<S64>(v & static_cast<std::uint64_t>(kM62));
  }
  return out;
}

void from_62(mp::Limb* r, std::size_t n, const Num& x) {
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

void inv_safegcd(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                 mp::Limb m0inv) {
  const Num pn = to_62(p, n);
  const std::uint64_t p_inv62 = (0 - m0inv) & static_cast<std::uint64_t>(kM62);  // p^-1 mod 2^62
  Num f = pn, g = to_62(x, n), d{}, e{};
  e[0] = 1;
  S64 delta = 1;
  const std::size_t batches = (safegcd_divsteps(bits) + 61) / 62;
  for (std::size_t b = 0; b < batches; ++b) {
    const std::uint64_t f0 = static_cast<std::uint64_t>(f[0]) | static_cast<std::uint64_t>(f[1]) << 62;
    const std::uint64_t g0 = static_cast<std::uint64_t>(g[0]) | static_cast<std::uint64_t>(g[1]) << 62;
    Matrix m = divsteps_62(delta, f0, g0);
    Num nf = combine(m.u, f, m.v, g), ng = combine(m.q, f, m.r, g);
    Num nd = combine_mod(m.u, d, m.v, e, pn, p_inv62), ne = combine_mod(m.q, d, m.r, e, pn, p_inv62);
    f = nf;
    g = ng;
    d = nd;
    e = ne;
    ScopedWipe wipe_step(m, nf, ng, nd, ne);
  }
  // f = +-1 (or p when x = 0, with d = 0): x^-1 = d, or p - d when f < 0.
  const S64 neg = f[kL - 1] >> 63;
  Num minus_d{};
  S64 borrow = 0;
  for (std::size_t i = 0; i < kL; ++i) {
    const S64 t = pn[i] - d[i] + borrow;
    minus_d[i] = i + 1 < kL ? (t & kM62) : t;
    borrow = t >> 62;
  }
  // p - 0 = p must stay 0: d = 0 only when x = 0, where f = p > 0 and neg is 0.
  for (std::size_t i = 0; i < kL; ++i) d[i] = (d[i] & ~neg) | (minus_d[i] & neg);
  from_62(r, n, d);
  ScopedWipe wipe(f, g, d, e, minus_d, delta);
}

}  // namespace dstu::gfp::detail
