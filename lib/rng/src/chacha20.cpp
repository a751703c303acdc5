// ChaCha20 block function, written from RFC 8439 §2.1-2.3.
#include <algorithm>
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::rng {
namespace {

inline std::uint32_t rotl(std::uint32_t x, int n) { return x << n | x >> (32 - n); }

inline void quarter_round(std::uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
}

void init_state(std::array<std::uint32_t, 16>& s, const std::uint8_t key[32], std::uint64_t stream) {
  s[0] = 0x61707865;  // "expand 32-byte k"
  s[1] = 0x3320646e;
  s[2] = 0x79622d32;
  s[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) s[4 + i] = load_le32(key + 4 * i);
  s[12] = 0;  // block counter
  s[13] = 0;  // block counter, high word (we use a 64-bit counter)
  s[14] = static_cast<std::uint32_t>(stream);
  s[15] = static_cast<std::uint32_t>(stream >> 32);
}

}  // namespace

void chacha20_block(std::uint8_t out[64], const std::uint32_t state[16]) {
  std::uint32_t x[16];
  std::memcpy(x, state, sizeof x);
  for (int i = 0; i < 10; ++i) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) store_le32(out + 4 * i, x[i] + state[i]);
  secure_wipe(x, sizeof x);
}

ChaCha20Drbg::ChaCha20Drbg(std::span<const std::uint8_t, 32> key, std::uint64_t stream) {
  init_state(state_, key.data(), stream);
}

ChaCha20Drbg::ChaCha20Drbg(std::uint64_t seed, std::uint64_t stream) {
  std::uint8_t key[32] = {};
  store_le64(key, seed);
  std::memcpy(key + 8, "dstu-seed", 9);  // domain separation from raw 32-byte keys
  init_state(state_, key, stream);
  secure_wipe(key, sizeof key);
}

ChaCha20Drbg::~ChaCha20Drbg() {
  secure_wipe(state_.data(), sizeof state_);
  secure_wipe(block_.data(), sizeof block_);
}

void ChaCha20Drbg::refill() {
  chacha20_block(block_.data(), state_.data());
  if (++state_[12] == 0) ++state_[13];
  used_ = 0;
}

void ChaCha20Drbg::fill(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    if (used_ == block_.size()) refill();
    std::size_t take = std::min(out.size() - done, block_.size() - used_);
    std::memcpy(out.data() + done, block_.data() + used_, take);
    used_ += take;
    done += take;
  }
}

}  // namespace dstu::rng
