// Internal: the constant-time fixed-window exponentiation shared by powmod() and
// SecretModulus (one modulus, or two at once on the interleaved IFMA products): the
// exponent in a fixed number of limbs, 2^w table entries, each picked by a full masked
// scan, w squarings and one product per window whatever the digits (the top window's
// entry starts the accumulator).
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/nat.hpp"
#include "mont_ifma.hpp"

namespace dstu::mp::detail {

/// The secret exponent exp as limbs enough for `windows` windows of w bits (plus one, so
/// a window may straddle the top). Throws if exp does not fit exp_bits bits; only that
/// one bit is declassified. The caller wipes the result.
inline std::vector<Limb> fixed_exponent(const Nat& exp, std::size_t exp_bits, std::size_t windows, int w) {
  std::vector<Limb> e((windows * static_cast<std::size_t>(w) + 63) / 64 + 1, 0);
  if (exp.size() > e.size()) throw_invalid("exponent is longer than its declared bound");
  exp.to_limbs(e.data(), e.size());
  Limb above = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const std::size_t lo = 64 * i;
    if (lo >= exp_bits) {
      above |= e[i];
    } else if (exp_bits - lo < 64) {
      above |= e[i] >> (exp_bits - lo);
    }
  }
  bool fits = ct::is_zero(above) != 0;
  ct::unpoison(&fits, sizeof fits);
  if (!fits) {
    secure_wipe(e.data(), e.size() * sizeof(Limb));
    throw_invalid("exponent is longer than its declared bound");
  }
  return e;
}

/// The w-bit digit of e at window wi.
inline Limb window_digit(const std::vector<Limb>& e, std::size_t wi, int w) {
  const std::size_t pos = wi * static_cast<std::size_t>(w);
  Limb digit = e[pos / 64] >> (pos % 64);
  if (pos % 64 > static_cast<std::size_t>(64 - w)) digit |= e[pos / 64 + 1] << (64 - pos % 64);
  return digit & ((Limb{1} << w) - 1);
}

/// The most table entries a scan takes (windows of up to 6 bits).
constexpr std::size_t kMaxScanEntries = 64;

/// pick = table[digit] by a scan of every entry: each entry ANDed with its mask (all-ones
/// for the digit's entry only) and ORed in. The masks are made once; the scan runs over
/// blocks of kScanBlock limbs, each block's sum held in registers across all the entries
/// (the compiler vectorises the block), so that `pick` is stored once, not once per entry.
template <class Elem>
void scan(Elem& pick, const std::vector<Elem>& table, Limb digit) {
  constexpr std::size_t kScanBlock = 8;
  const std::size_t words = pick.size(), entries = table.size();
  if (entries > kMaxScanEntries) throw std::logic_error("fixed-window scan: more table entries than it takes");
  ct::Mask masks[kMaxScanEntries];
  for (std::size_t k = 0; k < entries; ++k) masks[k] = ct::eq(k, digit);
  auto* out = pick.data();
  std::size_t j = 0;
  for (; j + kScanBlock <= words; j += kScanBlock) {
    Limb sum[kScanBlock] = {};
    for (std::size_t k = 0; k < entries; ++k) {
      const auto* in = table[k].data() + j;
      for (std::size_t t = 0; t < kScanBlock; ++t) sum[t] |= in[t] & masks[k];
    }
    for (std::size_t t = 0; t < kScanBlock; ++t) out[j + t] = sum[t];
  }
  for (; j < words; ++j) {
    Limb sum = 0;
    for (std::size_t k = 0; k < entries; ++k) sum |= table[k][j] & masks[k];
    out[j] = sum;
  }
  secure_wipe(masks, entries * sizeof masks[0]);  // they say which entry was picked
}

/// g^e in domain D (g already in it) over `windows` windows of w bits.
template <class D>
typename D::Elem fixed_window_pow(D& d, const typename D::Elem& g, const std::vector<Limb>& e, std::size_t windows,
                                  int w) {
  const std::size_t entries = std::size_t{1} << w;
  std::vector<typename D::Elem> table(entries, d.one());  // table[k] = g^k
  table[1] = g;
  for (std::size_t k = 2; k < entries; ++k) d.mul(table[k], table[k - 1], table[1]);
  typename D::Elem acc = d.one(), pick = d.one();
  std::size_t wi = windows;
  if (wi > 0) scan(acc, table, window_digit(e, --wi, w));  // the top window: no squarings of one
  while (wi-- > 0) {
    for (int s = 0; s < w; ++s) d.sqr(acc, acc);
    scan(pick, table, window_digit(e, wi, w));
    d.mul(acc, acc, pick);
  }
  for (auto& t : table) secure_wipe(t.data(), t.size() * sizeof(t[0]));
  secure_wipe(pick.data(), pick.size() * sizeof(pick[0]));
  return acc;
}

/// g^e mod m in IFMA digits (almost reduced), the table flat and scanned by AVX-512.
inline std::vector<std::uint64_t> fixed_window_pow_ifma(const ifma::Context& c, const std::vector<std::uint64_t>& g,
                                                        const std::vector<Limb>& e, std::size_t windows, int w) {
  using Elem = std::vector<std::uint64_t>;
  const std::size_t entries = std::size_t{1} << w, digits = c.digits();
  Elem table(entries * digits);
  std::copy(c.one().begin(), c.one().end(), table.begin());
  std::copy(g.begin(), g.end(), table.begin() + static_cast<std::ptrdiff_t>(digits));
  for (std::size_t i = 2; i < entries; ++i) c.mul(&table[i * digits], &table[(i - 1) * digits], g.data());
  Elem acc = c.one(), pick(digits);
  std::size_t wi = windows;
  if (wi > 0) ifma::select(acc.data(), table.data(), entries, digits, window_digit(e, --wi, w));
  while (wi-- > 0) {
    for (int s = 0; s < w; ++s) c.mul(acc.data(), acc.data(), acc.data());
    ifma::select(pick.data(), table.data(), entries, digits, window_digit(e, wi, w));
    c.mul(acc.data(), acc.data(), pick.data());
  }
  secure_wipe(table.data(), table.size() * sizeof(std::uint64_t));
  secure_wipe(pick.data(), pick.size() * sizeof(std::uint64_t));
  return acc;
}

/// g0^e0 mod m0 and g1^e1 mod m1 (IFMA digits, almost reduced) in lockstep on the
/// interleaved products; both exponents have `windows` windows of w bits. The tables
/// are flat so that one AVX-512 scan picks each entry.
inline void fixed_window_pow_pair(std::vector<std::uint64_t> out[2], const ifma::Context* c[2],
                                  const std::vector<std::uint64_t> g[2], const std::vector<Limb>* e[2],
                                  std::size_t windows, int w) {
  using Elem = std::vector<std::uint64_t>;
  const std::size_t entries = std::size_t{1} << w, digits = c[0]->digits();
  Elem table[2] = {Elem(entries * digits), Elem(entries * digits)};
  auto mul2 = [&](std::uint64_t* r0, const std::uint64_t* a0, const std::uint64_t* b0, std::uint64_t* r1,
                  const std::uint64_t* a1, const std::uint64_t* b1) { mul_pair(*c[0], r0, a0, b0, *c[1], r1, a1, b1); };
  for (int k = 0; k < 2; ++k) {
    std::copy(c[k]->one().begin(), c[k]->one().end(), table[k].begin());
    std::copy(g[k].begin(), g[k].end(), table[k].begin() + static_cast<std::ptrdiff_t>(digits));
  }
  for (std::size_t i = 2; i < entries; ++i) {
    mul2(&table[0][i * digits], &table[0][(i - 1) * digits], g[0].data(), &table[1][i * digits],
         &table[1][(i - 1) * digits], g[1].data());
  }
  Elem acc[2] = {c[0]->one(), c[1]->one()}, pick[2] = {Elem(digits), Elem(digits)};
  std::size_t wi = windows;
  if (wi > 0) {
    --wi;
    for (int k = 0; k < 2; ++k) ifma::select(acc[k].data(), table[k].data(), entries, digits, window_digit(*e[k], wi, w));
  }
  while (wi-- > 0) {
    for (int s = 0; s < w; ++s) mul2(acc[0].data(), acc[0].data(), acc[0].data(), acc[1].data(), acc[1].data(), acc[1].data());
    for (int k = 0; k < 2; ++k) ifma::select(pick[k].data(), table[k].data(), entries, digits, window_digit(*e[k], wi, w));
    mul2(acc[0].data(), acc[0].data(), pick[0].data(), acc[1].data(), acc[1].data(), pick[1].data());
  }
  for (int k = 0; k < 2; ++k) {
    secure_wipe(table[k].data(), table[k].size() * sizeof(std::uint64_t));
    secure_wipe(pick[k].data(), pick[k].size() * sizeof(std::uint64_t));
    out[k] = std::move(acc[k]);
  }
}

}  // namespace dstu::mp::detail
