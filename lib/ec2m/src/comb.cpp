// Fixed-base comb (Lim and Lee 1994; HMV Algorithm 3.44) for k G with a secret k.
//
// The t = L(n) bits of k < n form w rows of d = ceil(t / w) bits; column j of the rows
// is a w-bit digit u_j, and T[u] = sum of u_i 2^(i d) G is precomputed (255 affine
// points for w = 8, the window of the paper on parallel algorithms for DSTU 4145-2002;
// stored as word planes, precomputed.hpp). Then
// k G = sum_j 2^j T[u_j]: d doublings and d mixed additions from the top column down.
// Each T[u_j] is read by a masked scan over the whole table, a zero digit or a
// still-infinite accumulator is handled by masked selection, and for 0 < k < n no
// addition meets its own operand or its negative (the partial sums are distinct
// multiples below n), so the run is constant time.
//
// k G itself runs the signed form where it fits the curve (comb_internal.hpp: every
// digit +-1, so the table has 128 entries and each scan reads half as much; a negation
// is one masked addition on a binary curve), and so does the split comb where it fits
// the low part (signed_split_fits). The unsigned table stays for the other cuts and for
// verification's two-base comb (comb_double.hpp).
#include <array>
#include <bit>
#include <cstring>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "comb_double.hpp"
#include "comb_internal.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m {
namespace detail {

AffinePoint CombTable::entry(std::size_t u) const {
  AffinePoint p;
  p.infinity = true;
  for (int w = 0; w < words; ++w) {
    p.x.w[w] = xy.data()[static_cast<std::size_t>(w) * slots + u];
    p.y.w[w] = xy.data()[static_cast<std::size_t>(words + w) * slots + u];
    p.infinity = p.infinity && p.x.w[w] == 0 && p.y.w[w] == 0;
  }
  return p;
}

void CombTable::set_entry(std::size_t u, const AffinePoint& p) {
  if (p.infinity) return;
  for (int w = 0; w < words; ++w) {
    xy.data()[static_cast<std::size_t>(w) * slots + u] = p.x.w[w];
    xy.data()[static_cast<std::size_t>(words + w) * slots + u] = p.y.w[w];
  }
}

CombTable build_comb_table(const Curve& c, int window) {
  if (window < 2 || window > 8) throw_invalid("comb window must be 2..8");
  CombTable t;
  t.window = window;
  t.columns = comb_column_count(c.order_bits(), window);
  t.words = c.field().words();
  t.planes = 2 * static_cast<std::size_t>(t.words);
  const std::size_t entries = (std::size_t{1} << window) - 1;
  t.slots = (entries + 1 + 7) / 8 * 8;
  t.xy = AlignedWords(t.planes * t.slots);
  // rows[i] = 2^(i d) G
  std::vector<AffinePoint> rows(window), table(entries + 1);
  rows[0] = c.generator();
  for (int i = 1; i < window; ++i) {
    rows[i] = rows[i - 1];
    for (std::size_t j = 0; j < t.columns; ++j) rows[i] = double_vartime(c, rows[i]);
  }
  table[0] = AffinePoint::at_infinity();
  for (std::size_t u = 1; u <= entries; ++u) {
    const int top = 63 - __builtin_clzll(u);
    table[u] = add_vartime(c, table[u ^ (std::size_t{1} << top)], rows[top]);
    // An entry worth v(u) = sum u_i 2^(i d) >= n can be O on a tiny curve: it stays all
    // zeros, which the constant-time comb never selects (the digits of a reduced k < n
    // only select entries with v(u) <= k) and the two-base comb of verification batches
    // reads as O (comb_double.hpp).
    t.set_entry(u, table[u]);
  }
  return t;
}

bool signed_comb_fits(std::size_t order_bits, int window) {
  if (window < 2) return false;
  const std::size_t w = static_cast<std::size_t>(window), d = comb_column_count(order_bits, window);
  return (w - 1) * d + 5 <= order_bits;
}

bool signed_split_fits(std::size_t order_bits, int window, std::size_t cut) {
  if (!signed_comb_fits(order_bits, window)) return false;
  const std::size_t w = static_cast<std::size_t>(window), d = comb_column_count(order_bits, window);
  return cut > 0 && cut < d && (w - 1) * d + cut + 2 <= order_bits;
}

CombTable build_signed_comb_table(const Curve& c, const CombTable& u) {
  if (!signed_comb_fits(c.order_bits(), u.window)) throw_invalid("the signed comb does not fit this curve and window");
  CombTable t;
  t.window = u.window;
  t.signed_digits = true;
  t.columns = u.columns;
  t.words = u.words;
  t.planes = u.planes;
  const std::size_t entries = std::size_t{1} << (u.window - 1);
  t.slots = (entries + 7) / 8 * 8;
  t.xy = AlignedWords(t.planes * t.slots);
  for (std::size_t v = 0; v < entries; ++v) {
    // sum over i < w - 1 of (2 v_i - 1) 2^(i d) G + 2^((w-1) d) G: the rows where v has a
    // 1 and the top row, less the rows where it has a 0. Odd and below n in size where
    // the comb fits, so never O.
    t.set_entry(v, add_vartime(c, u.entry(entries + v), negate(c, u.entry(entries - 1 - v))));
  }
  return t;
}

std::vector<std::uint8_t> comb_digits_vartime(const Scalar& k, int window, std::size_t columns) {
  const std::span<const mp::Limb> limbs(k.v);
  // Up to 64 bits of k from bit pos on (zeros past its top).
  const auto bits64 = [&](std::size_t pos) -> std::uint64_t {
    const std::size_t w = pos / 64, s = pos % 64;
    const std::uint64_t lo = w < limbs.size() ? limbs[w] : 0;
    const std::uint64_t hi = w + 1 < limbs.size() ? limbs[w + 1] : 0;
    return s == 0 ? lo : lo >> s | hi << (64 - s);
  };
  // Eight bits b to the low bits of eight bytes: bit j of b to bit 8 j.
  static constexpr std::array<std::uint64_t, 256> spread8 = [] {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
      for (unsigned j = 0; j < 8; ++j) t[b] |= std::uint64_t{(b >> j) & 1} << (8 * j);
    }
    return t;
  }();
  static_assert(std::endian::native == std::endian::little, "eight digit bytes are read as one word");
  std::vector<std::uint8_t> d((columns + 7) / 8 * 8, 0);
  for (int i = 0; i < window; ++i) {
    const std::size_t row = static_cast<std::size_t>(i) * columns;
    for (std::size_t j = 0; j < columns; j += 8) {
      std::uint64_t b = bits64(row + j) & 0xff;
      if (columns - j < 8) b &= (std::uint64_t{1} << (columns - j)) - 1;  // not the next row's bits
      std::uint64_t bytes;
      std::memcpy(&bytes, d.data() + j, 8);
      bytes |= spread8[b] << i;
      std::memcpy(d.data() + j, &bytes, 8);
    }
  }
  d.resize(columns);
  return d;
}

}  // namespace detail

namespace {

using detail::CombTable;
using detail::FieldOps;

template <class K>
AffinePoint comb(K kern, const Curve& c, const Scalar& k, const CombTable& t) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  Scalar e = c.scalar_field().reduce(k);
  detail::LdPoint<K> q;
  const ScopedWipe wipe(e, q);
  ct::Mask q_inf = detail::comb_all(f, cf, c, t, e, q);
  ct::unpoison(&q_inf, sizeof q_inf);  // set only for k = 0 mod n
  if (q_inf) return AffinePoint::at_infinity();
  return detail::ld_affine_point(f, q);
}

}  // namespace

AffinePoint mul_base(const Curve& c, const Scalar& k) {
  const CombTable& t = detail::base_comb_table(c.precomputed());
  return gf2m::dispatch(c.field(), [&](auto kern) { return comb(kern, c, k, t); });
}

AffinePoint mul_base_comb(const Curve& c, const Scalar& k, int w, CombDigits digits) {
  if (w == kCombWindow && digits == CombDigits::best) return mul_base(c, k);
  CombTable t = detail::build_comb_table(c, w);
  if (digits == CombDigits::best && detail::signed_comb_fits(c.order_bits(), w)) digits = CombDigits::signed_digits;
  if (digits == CombDigits::signed_digits) t = detail::build_signed_comb_table(c, t);
  return gf2m::dispatch(c.field(), [&](auto kern) { return comb(kern, c, k, t); });
}

}  // namespace dstu::ec2m
