// AES key expansion (FIPS 197 §5.2) into every form the paths use, constant time: the
// S-box of SubWord is the bitsliced circuit, the round constants are public.
#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher::aes_impl {
namespace {

using u32 = std::uint32_t;

/// SubWord (FIPS 197 §5.2) on the four octets of w, through the bitsliced S-box.
u32 sub_word(u32 w) {
  std::uint64_t q[8];
  for (int j = 0; j < 8; ++j) {
    std::uint64_t x = 0;
    for (int b = 0; b < 4; ++b) x |= static_cast<std::uint64_t>((w >> (8 * b + j)) & 1) << b;
    q[j] = x;
  }
  sub_bytes_sliced(q);
  u32 r = 0;
  for (int j = 0; j < 8; ++j) {
    for (int b = 0; b < 4; ++b) r |= static_cast<u32>((q[j] >> b) & 1) << (8 * b + j);
  }
  secure_wipe(q, sizeof q);
  return r;
}

/// 2 * a in GF(2^8), without a branch on a.
inline std::uint8_t xt(std::uint8_t a) {
  return static_cast<std::uint8_t>((a << 1) ^ (0x1b & -(a >> 7)));
}

/// InvMixColumns (FIPS 197 §5.3.3) on one round key, column by column.
void inv_mix_columns(std::uint8_t out[16], const std::uint8_t in[16]) {
  for (int c = 0; c < 4; ++c) {
    const std::uint8_t* a = in + 4 * c;
    for (int r = 0; r < 4; ++r) {
      // 0e a_r + 0b a_r+1 + 0d a_r+2 + 09 a_r+3
      const std::uint8_t a0 = a[r], a1 = a[(r + 1) & 3], a2 = a[(r + 2) & 3], a3 = a[(r + 3) & 3];
      const std::uint8_t x = static_cast<std::uint8_t>(a0 ^ a1 ^ a2 ^ a3);  // 01 for all four
      const std::uint8_t x2 = xt(static_cast<std::uint8_t>(a0 ^ a1));        // 02 a0 + 02 a1
      const std::uint8_t x4 = xt(xt(static_cast<std::uint8_t>(a0 ^ a2)));    // 04 a0 + 04 a2
      const std::uint8_t x8 = xt(xt(xt(x)));                                  // 08 for all four
      out[4 * c + r] = static_cast<std::uint8_t>(x ^ x2 ^ x4 ^ x8 ^ a0);
    }
  }
}

}  // namespace

void expand_key(AesKeys& k, const std::uint8_t* key, std::size_t key_len) {
  const int nk = static_cast<int>(key_len / 4);
  k.rounds = nk + 6;
  const int words = 4 * (k.rounds + 1);
  u32 w[60] = {};
  for (int i = 0; i < nk; ++i) {
    w[i] = static_cast<u32>(key[4 * i]) | static_cast<u32>(key[4 * i + 1]) << 8 |
           static_cast<u32>(key[4 * i + 2]) << 16 | static_cast<u32>(key[4 * i + 3]) << 24;
  }
  // Octet 0 of a word is its least significant here, so RotWord is a right rotation by 8.
  std::uint8_t rcon = 1;
  for (int i = nk; i < words; ++i) {
    u32 t = w[i - 1];
    if (i % nk == 0) {
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;
      rcon = xt(rcon);
    } else if (nk > 6 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  for (int i = 0; i < words; ++i) {
    for (int b = 0; b < 4; ++b) k.enc[i / 4][4 * (i % 4) + b] = static_cast<std::uint8_t>(w[i] >> (8 * b));
  }
  secure_wipe(w, sizeof w);
  std::memcpy(k.dec[0], k.enc[k.rounds], 16);
  std::memcpy(k.dec[k.rounds], k.enc[0], 16);
  for (int i = 1; i < k.rounds; ++i) inv_mix_columns(k.dec[i], k.enc[k.rounds - i]);
  for (int i = 0; i <= k.rounds; ++i) slice_round_key(k.sliced[i], k.enc[i]);
}

}  // namespace dstu::cipher::aes_impl
