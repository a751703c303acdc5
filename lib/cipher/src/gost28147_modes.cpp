// GOST 28147-89 modes: simple replacement (§2), gamma (§3), gamma with feedback (§4)
// and the MAC (§5). The parallel ones (ECB, gamma, CFB decryption) hand the kernels
// runs of kRun blocks; CFB encryption and the MAC are serial by definition. The gamma
// and CFB decryption also split over the team (ctr_crypt_parallel, cfb_decrypt_parallel).
#include <algorithm>
#include <cstring>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "gost28147_kernel.hpp"
#include "split.hpp"

namespace dstu::cipher {
namespace {

/// Blocks per run: enough to fill every lane of the widest kernel several times over.
constexpr std::size_t kRun = 128;

/// A run of blocks of keystream, wiped when it goes (room for a last group of four).
struct Run {
  static constexpr std::size_t size = 8 * kRun;
  alignas(64) std::uint8_t bytes[size + 32];
  ~Run() { secure_wipe(bytes, sizeof bytes); }
};

/// The counter blocks (N3, N4) of the gamma (§3), four blocks side by side in vector
/// lanes: N3 steps by C2 = 0x01010101 mod 2^32 and N4 by C1 = 0x01010104 mod 2^32 - 1,
/// with values 1..2^32-1 (an end-around carry), so lane l steps by 4 C1 at a time.
class Counters {
 public:
  using Lanes = std::uint32_t __attribute__((vector_size(16)));

  /// From (N3, N4) = E(IV); the first block's counter is one step on.
  Counters(std::uint32_t n3, std::uint32_t n4) {
    for (int l = 0; l < 4; ++l) {
      n3 += kC2;
      const std::uint64_t t = static_cast<std::uint64_t>(n4) + kC1;
      n4 = static_cast<std::uint32_t>(t + (t >> 32));
      n3_[l] = n3;
      n4_[l] = n4;
    }
  }
  ~Counters() {
    n3_ ^= n3_;
    n4_ ^= n4_;
    secure_wipe(this, sizeof *this);
  }

  /// The next `blocks` counter blocks (LE32(N3) || LE32(N4) each) into out, in groups
  /// of four (out has room for them).
  void fill(std::uint8_t* out, std::size_t blocks) {
    for (std::size_t i = 0; i < blocks; i += 4, out += 32) {
      const Lanes lo = __builtin_shufflevector(n3_, n4_, 0, 4, 1, 5);
      const Lanes hi = __builtin_shufflevector(n3_, n4_, 2, 6, 3, 7);
      std::memcpy(out, &lo, 16);
      std::memcpy(out + 16, &hi, 16);
      n3_ += 4 * kC2;
      const Lanes t = n4_ + kStep4;
      n4_ = t - static_cast<Lanes>(t < kStep4);  // +1 where the sum wrapped
    }
  }

 private:
  static constexpr std::uint32_t kC1 = 0x01010104u, kC2 = 0x01010101u;
  static constexpr std::uint32_t kStep4 = 4 * kC1;  // 4 C1 mod 2^32 - 1 (below it)
  Lanes n3_{}, n4_{};
};

void check_sizes(std::span<std::uint8_t> out, std::span<const std::uint8_t> in, const char* what) {
  if (out.size() != in.size()) {
    throw_invalid(std::string("GOST 28147 ") + what + ": output size differs from input size");
  }
}

void check_iv(std::span<const std::uint8_t> iv) {
  if (iv.size() != 8) throw_invalid("GOST 28147: the IV must have 8 octets, got " + std::to_string(iv.size()));
}

/// out = in xor gamma over n octets, eight at a time (the order of octets is kept).
void xor_into(std::uint8_t* out, const std::uint8_t* in, const std::uint8_t* gamma, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x, g;
    std::memcpy(&x, in + i, 8);
    std::memcpy(&g, gamma + i, 8);
    x ^= g;
    std::memcpy(out + i, &x, 8);
  }
  for (; i < n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ gamma[i]);
}

void check_whole_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  check_sizes(out, in, "ECB");
  if (in.size() % 8 != 0) throw_invalid("GOST 28147 ECB: the length must be a multiple of 8 octets");
}

}  // namespace

void Gost28147::ecb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const {
  check_whole_blocks(out, in);
  encrypt_blocks(out.data(), in.data(), in.size() / 8);
}

void Gost28147::ecb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const {
  check_whole_blocks(out, in);
  decrypt_blocks(out.data(), in.data(), in.size() / 8);
}

namespace {

/// The gamma from the counters (N3, N4) before its first block's step (E(IV), or E(IV)
/// stepped by the blocks before a part).
void gamma_from(const Gost28147& g, std::uint32_t n3, std::uint32_t n4, std::span<std::uint8_t> out,
                std::span<const std::uint8_t> in) {
  Counters ctr(n3, n4);
  Run gamma;
  for (std::size_t at = 0; at < in.size(); at += Run::size) {
    const std::size_t len = std::min(Run::size, in.size() - at), blocks = (len + 7) / 8;
    ctr.fill(gamma.bytes, blocks);
    g.encrypt_blocks(gamma.bytes, gamma.bytes, blocks);
    xor_into(out.data() + at, in.data() + at, gamma.bytes, len);
  }
}

}  // namespace

std::uint64_t detail::gamma_advance(std::uint64_t n3_n4, std::uint64_t k) {
  if (k == 0) return n3_n4;
  constexpr std::uint64_t kM = 0xffffffffu, kC1 = 0x01010104u, kC2 = 0x01010101u;
  const std::uint32_t n3 = static_cast<std::uint32_t>(n3_n4) + static_cast<std::uint32_t>(k * kC2);
  // N4 + k C1 mod 2^32 - 1 by folding (no division: N4 is secret), as the steps keep it:
  // in 1 .. 2^32 - 1, the class of 0 as 2^32 - 1.
  const std::uint64_t k_folded = (k & kM) + (k >> 32);  // k is public; below 2^33
  std::uint64_t x = (n3_n4 >> 32) + k_folded * kC1;    // below 2^59
  for (int i = 0; i < 3; ++i) x = (x & kM) + (x >> 32);
  x |= kM & ct::is_zero(x);  // 0 only if x was: the class of 0
  return n3 | x << 32;
}

void Gost28147::ctr_crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CTR");
  check_iv(iv);
  const std::uint64_t s = encrypt_word(load_le64(iv.data()));
  gamma_from(*this, static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(s >> 32), out, in);
}

void Gost28147::ctr_crypt_parallel(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                                   std::span<const std::uint8_t> iv, int threads, Split split) const {
  check_sizes(out, in, "CTR");
  check_iv(iv);
  const std::uint64_t s = encrypt_word(load_le64(iv.data()));
  const auto run = [&](std::uint64_t state, std::span<std::uint8_t> o, std::span<const std::uint8_t> i) {
    gamma_from(*this, static_cast<std::uint32_t>(state), static_cast<std::uint32_t>(state >> 32), o, i);
  };
  const std::size_t blocks = (in.size() + 7) / 8, parts = detail::split_parts(blocks, threads);
  detail::run_split(detail::SplitMode::gost_ctr, name(), in.size(), parts, threads, split, [&] { run(s, out, in); },
                    [&] {
                      detail::run_parts(blocks, parts, [&](std::size_t begin, std::size_t end, std::size_t) {
                        const auto [at, len] = detail::part_octets(begin, end, 8, in.size());
                        run(detail::gamma_advance(s, begin), out.subspan(at, len), in.subspan(at, len));
                      });
                    });
}

void Gost28147::cfb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                            std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CFB");
  check_iv(iv);
  std::uint8_t gamma[8];
  std::memcpy(gamma, iv.data(), 8);
  for (std::size_t at = 0; at < in.size(); at += 8) {
    const std::size_t n = std::min<std::size_t>(8, in.size() - at);
    encrypt_block(gamma, gamma);
    xor_into(out.data() + at, in.data() + at, gamma, n);
    if (n == 8) std::memcpy(gamma, out.data() + at, 8);
  }
  secure_wipe(gamma, sizeof gamma);
}

void Gost28147::cfb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                            std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CFB");
  check_iv(iv);
  // gamma_i = E(C_{i-1}) with C_0 = iv: a run's gammas come from ciphertext the run
  // reads before it writes (out may be in).
  std::uint8_t prev[8];
  std::memcpy(prev, iv.data(), 8);
  Run gamma;
  for (std::size_t at = 0; at < in.size(); at += Run::size) {
    const std::size_t len = std::min(Run::size, in.size() - at), blocks = (len + 7) / 8;
    std::memcpy(gamma.bytes, prev, 8);
    std::memcpy(gamma.bytes + 8, in.data() + at, 8 * (blocks - 1));
    if (len == Run::size) std::memcpy(prev, in.data() + at + len - 8, 8);
    encrypt_blocks(gamma.bytes, gamma.bytes, blocks);
    xor_into(out.data() + at, in.data() + at, gamma.bytes, len);
  }
}

void Gost28147::cfb_decrypt_parallel(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                                     std::span<const std::uint8_t> iv, int threads, Split split) const {
  check_sizes(out, in, "CFB");
  check_iv(iv);
  detail::run_chained(detail::SplitMode::gost_cfb_decrypt, name(), 8, iv, out, in, threads, split,
                      [&](auto part_iv, auto part_out, auto part_in) { cfb_decrypt(part_out, part_in, part_iv); });
}

std::array<std::uint8_t, 4> Gost28147::mac(std::span<const std::uint8_t> data) const {
  std::uint8_t state[8] = {}, next[8];  // LE32(N1) || LE32(N2)
  const auto absorb = [&](const std::uint8_t* m) {
    for (int i = 0; i < 8; ++i) state[i] ^= m[i];
    run(false, 16, next, state, 1);  // returns LE32(N2) || LE32(N1)
    std::memcpy(state, next + 4, 4);
    std::memcpy(state + 4, next, 4);
  };
  std::size_t i = 0;
  for (; i + 8 <= data.size(); i += 8) absorb(data.data() + i);
  if (i < data.size()) {
    std::uint8_t last[8] = {};
    std::memcpy(last, data.data() + i, data.size() - i);
    absorb(last);
    secure_wipe(last, sizeof last);
  }
  std::array<std::uint8_t, 4> out{};
  std::memcpy(out.data(), state, 4);
  secure_wipe(state, sizeof state);
  secure_wipe(next, sizeof next);
  return out;
}

}  // namespace dstu::cipher
