// The width-w NAF (wnaf.hpp), scanning k's bits with a carry: where the bit plus the
// carry is odd, the next w bits plus the carry make the digit (less 2^w, carrying 1 to
// the bit w places up, where it is 2^(w-1) or more), and the w - 1 digits after it are
// 0; runs of zeros without a carry are skipped a word at a time. Public scalars only.
#include "dstu/curve/wnaf.hpp"

#include "dstu/base/error.hpp"

namespace dstu::curve {
namespace {

/// Bits [pos, pos + count) of k, count <= 32 (bits past the Scalar read as 0).
std::uint64_t bits_at(const Scalar& k, std::size_t pos, int count) {
  if (pos >= Scalar::kBits) return 0;
  std::uint64_t v = k.v[pos / 64] >> (pos % 64);
  if (pos % 64 != 0 && pos / 64 + 1 < kScalarLimbs) v |= k.v[pos / 64 + 1] << (64 - pos % 64);
  return v & ((std::uint64_t{1} << count) - 1);
}

/// The lowest set bit of k at or above pos, or kBits.
std::size_t next_one(const Scalar& k, std::size_t pos) {
  while (pos < Scalar::kBits) {
    const std::uint64_t word = k.v[pos / 64] >> (pos % 64);
    if (word != 0) return pos + static_cast<std::size_t>(__builtin_ctzll(word));
    pos = (pos / 64 + 1) * 64;
  }
  return Scalar::kBits;
}

}  // namespace

std::vector<std::int8_t> wnaf_vartime(const Scalar& k, int w) {
  if (w < 2 || w > 8) throw_invalid("wNAF width must be 2..8");
  const std::size_t bits = scalar_bits_vartime(k);
  std::vector<std::int8_t> out(bits + 1, 0);  // a carry out of the top bit: one digit more
  std::uint64_t carry = 0;
  std::size_t i = 0;
  while (i <= bits) {
    if (carry == 0) {
      i = next_one(k, i);
      if (i >= bits) break;
    } else if ((bits_at(k, i, 1) & 1) != 0) {  // a bit 1 and the carry: 0, the carry goes on
      ++i;
      continue;
    }
    const std::uint64_t word = bits_at(k, i, w) + carry;  // odd
    carry = (word >> (w - 1)) & 1;
    out[i] = static_cast<std::int8_t>(static_cast<std::int64_t>(word) - static_cast<std::int64_t>(carry << w));
    i += static_cast<std::size_t>(w);
  }
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

}  // namespace dstu::curve
