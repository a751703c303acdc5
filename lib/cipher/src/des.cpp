// DES and TDES (des.hpp): FIPS 46-3 and NIST SP 800-67 Rev. 2, constant time.
//
// Bits are numbered as in FIPS 46-3: bit 1 is the most significant bit of the first
// octet. The bit permutations (IP, IP^-1, P, PC-1, PC-2) are applied as a few groups of
// "shift, then mask" computed from the standard's tables at compile time. The round
// function needs no expansion table: input bit b (0 = most significant) of S-box s is
// bit 4s + b of R (mod 32, FIPS 46-3's E), so one rotation of R puts that bit of every
// S-box at the bottom of the S-box's output nibble, and multiplying by 0xf fills the
// nibble: six such masks (with the round key's) drive a tree of multiplexers whose
// leaves are the S-box tables as constants: 32 leaves of 64 bits, one lane per S-box
// output bit for each value of the first input bit. The tree selects by the other five
// bits, the last step by the first; no table is ever indexed by data or key.
#include "dstu/cipher/des.hpp"

#include <cstring>
#include <string>

#include "des_core.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::cipher {
namespace {

using namespace des_impl;

struct ScalarOps {
  using W = u64;
  static W set1(u64 c) { return c; }
  static W band(W a, W b) { return a & b; }
  static W bor(W a, W b) { return a | b; }
  static W bxor(W a, W b) { return a ^ b; }
  static W sub(W a, W b) { return a - b; }
  template <int N>
  static W srl(W x) { return x >> N; }
  template <int N>
  static W sll(W x) { return x << N; }
};
using Scalar = Core<ScalarOps>;

void key_schedule(u32 out[16][6], const std::uint8_t key[8]) {
  u64 k = 0;
  for (int i = 0; i < 8; ++i) k = k << 8 | key[i];
  const u64 cd = Scalar::select<kPc1Sel>(k);  // C in bits 55..28, D in 27..0
  u32 c = static_cast<u32>(cd >> 28), d = static_cast<u32>(cd & 0xfffffff);
  for (int round = 0; round < 16; ++round) {
    for (int s = 0; s < kShifts[round]; ++s) {
      c = ((c << 1) | (c >> 27)) & 0xfffffff;
      d = ((d << 1) | (d >> 27)) & 0xfffffff;
    }
    const u64 sub = Scalar::select<kPc2Sel>(static_cast<u64>(c) << 28 | d);  // K_i, bit 1 at bit 47
    for (int b = 0; b < 6; ++b) {
      u32 m = 0;
      for (int s = 0; s < 8; ++s) m |= static_cast<u32>((sub >> (47 - 6 * s - b)) & 1) << (28 - 4 * s);
      out[round][b] = m * 0xf;
    }
  }
}

u64 load_be64(const std::uint8_t* p) {
  u64 v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | p[i];
  return v;
}

void store_be64(std::uint8_t* p, u64 v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

/// Eight blocks a step on AVX-512, four on AVX2 (one per 64-bit lane), the rest one
/// at a time: the parallel modes hand over runs of 16 blocks.
void crypt(const Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks, bool decrypt) {
  const cpu::Features& f = cpu::active();
  if (f.avx512f && f.avx512bw && blocks >= 8) {
    crypt_avx512(s, out, in, blocks / 8, decrypt);
    in += 64 * (blocks / 8), out += 64 * (blocks / 8), blocks %= 8;
  }
  if (f.avx2 && blocks >= 4) {
    crypt_avx2(s, out, in, blocks / 4, decrypt);
    in += 32 * (blocks / 4), out += 32 * (blocks / 4), blocks %= 4;
  }
  for (; blocks > 0; --blocks, in += 8, out += 8) store_be64(out, Scalar::crypt(s, load_be64(in), decrypt));
}

}  // namespace

Tdes::Tdes(std::span<const std::uint8_t> key)
    : schedule_(std::make_unique<des_impl::Schedule>()), key_size_(key.size()) {
  if (key.size() != 8 && key.size() != 16 && key.size() != 24) {
    throw_invalid("TDES: a key of " + std::to_string(key.size()) + " octets (8 for DES, 16 or 24 expected)");
  }
  schedule_->stages = key.size() == 8 ? 1 : 3;
  for (int i = 0; i < schedule_->stages; ++i) {
    const std::size_t at = key.size() == 16 && i == 2 ? 0 : 8 * static_cast<std::size_t>(i);  // two keys: K3 = K1
    key_schedule(schedule_->k[i], key.data() + at);
  }
}

Tdes::~Tdes() { secure_wipe(schedule_.get(), sizeof(des_impl::Schedule)); }

std::string_view Tdes::name() const { return key_size_ == 8 ? "des" : key_size_ == 16 ? "tdes2" : "tdes"; }

void Tdes::encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  crypt(*schedule_, out, in, blocks, false);
}

void Tdes::decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  crypt(*schedule_, out, in, blocks, true);
}

std::string_view des_path() {
  const cpu::Features& f = cpu::active();
  return f.avx512f && f.avx512bw ? "avx512" : f.avx2 ? "avx2" : "portable";
}

std::unique_ptr<BlockCipher> make_des(std::span<const std::uint8_t> key) { return std::make_unique<Tdes>(key); }
std::unique_ptr<BlockCipher> make_tdes(std::span<const std::uint8_t> key) { return std::make_unique<Tdes>(key); }

}  // namespace dstu::cipher
