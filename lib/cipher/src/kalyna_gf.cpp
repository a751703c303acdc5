// The fields of DSTU 7624:2014's GCM, GMAC and XTS (kalyna_gf.hpp): the product as a
// carry-less multiplication of words and a reduction by the field's low terms.
#include "kalyna_gf.hpp"

#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::cipher::kalyna_gf {
namespace {

/// x^n mod f(x): the low terms of the field polynomial.
constexpr std::uint64_t low_terms(int words) { return words == 2 ? 0x87 : words == 4 ? 0x425 : 0x125; }

/// Bit-reversal of a word.
inline std::uint64_t reverse(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return __builtin_bswap64(x);
}

/// The low 64 bits of the carry-less product of x and y from integer products of their
/// four interleaved bit classes: in the product of one class of x by one class of y, a
/// result column below bit 60 sums at most 15 one-bit terms, so its carries never reach
/// the next column of the same class; column 60's (16 terms) leave the word. Keeping each
/// class's bits of the sums gives the XOR of the terms.
inline std::uint64_t clmul_low(std::uint64_t x, std::uint64_t y) {
  constexpr std::uint64_t m0 = 0x1111111111111111ull, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const std::uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const std::uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  const std::uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  const std::uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  const std::uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  const std::uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/// p (2 * words words) = a * b carry-less. The high half of a word product is the
/// reversed low half of the reversed operands' product, shifted by one.
void clmul_words_portable(std::uint64_t* p, const std::uint64_t* a, const std::uint64_t* b, int words) {
  std::uint64_t ra[8], rb[8];
  for (int i = 0; i < words; ++i) {
    ra[i] = reverse(a[i]);
    rb[i] = reverse(b[i]);
  }
  for (int i = 0; i < 2 * words; ++i) p[i] = 0;
  for (int i = 0; i < words; ++i) {
    for (int j = 0; j < words; ++j) {
      p[i + j] ^= clmul_low(a[i], b[j]);
      p[i + j + 1] ^= reverse(clmul_low(ra[i], rb[j])) >> 1;
    }
  }
  secure_wipe(ra, sizeof ra);
  secure_wipe(rb, sizeof rb);
}

/// r (words words) = p (2 * words words) mod f: the high half H times x^n is H times the
/// low terms t (degree <= 10), whose overflow past x^n is folded once more.
void reduce(std::uint64_t* r, const std::uint64_t* p, int words) {
  const std::uint64_t t = low_terms(words);
  std::uint64_t fold[9] = {};  // H * t: words + 1 words
  for (int k = 0; k < 11; ++k) {
    if (!((t >> k) & 1)) continue;  // t is public
    for (int i = 0; i < words; ++i) {
      const std::uint64_t h = p[words + i];
      fold[i] ^= h << k;
      if (k != 0) fold[i + 1] ^= h >> (64 - k);
    }
  }
  std::uint64_t over = 0;  // fold[words] * t, below 2^21
  for (int k = 0; k < 11; ++k) {
    if ((t >> k) & 1) over ^= fold[words] << k;
  }
  for (int i = 0; i < words; ++i) r[i] = p[i] ^ fold[i];
  r[0] ^= over;
  secure_wipe(fold, sizeof fold);
}

}  // namespace

void mul(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, int words) {
  std::uint64_t p[16];
  if (cpu::active().pclmulqdq) {
    detail::clmul_words_pclmul(p, a, b, words);
  } else {
    clmul_words_portable(p, a, b, words);
  }
  reduce(r, p, words);
  secure_wipe(p, sizeof p);
}

void mul_x(std::uint64_t* a, int words) {
  const std::uint64_t top = a[words - 1] >> 63;
  for (int i = words - 1; i > 0; --i) a[i] = (a[i] << 1) | (a[i - 1] >> 63);
  a[0] = (a[0] << 1) ^ (low_terms(words) & (0 - top));
}

}  // namespace dstu::cipher::kalyna_gf
