// DSTU 7624:2014's XTS ("indexed substitution", §14), with one key: the tweak of block i
// (from 1) is E(iv) * x^i in the field of kalyna_gf.hpp, block i is E(P_i ^ T_i) ^ T_i
// (D for decryption), and a partial last block of r octets steals ciphertext: the last
// whole block's output C is split, its first r octets become the short last block and
// the partial plaintext completed by C's other octets is encrypted under the next tweak
// into the last whole block's place. As UAPKI's encrypt_xts / decrypt_xts and
// BouncyCastle's KXTSBlockCipher compute it. Runs of blocks go to the cipher at once.
#include <algorithm>
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "kalyna_gf.hpp"
#include "kalyna_modes.hpp"

namespace dstu::cipher {
namespace {

using kalyna_modes::Block;

/// The running tweak, one field element.
class Tweak {
 public:
  Tweak(const Kalyna& c, std::span<const std::uint8_t> iv) : words_(kalyna_gf::words_of(c.block_size())) {
    Block t;
    c.encrypt_blocks(t.data(), iv.data(), 1);
    for (int i = 0; i < words_; ++i) w_[i] = load_le64(t.data() + 8 * i);
  }
  ~Tweak() { secure_wipe(w_, sizeof w_); }
  /// Steps to the next block's tweak and writes it.
  void next(std::uint8_t* out) {
    kalyna_gf::mul_x(w_, words_);
    for (int i = 0; i < words_; ++i) store_le64(out + 8 * i, w_[i]);
  }

 private:
  int words_;
  std::uint64_t w_[8] = {};
};

/// out = F(in ^ T_i) ^ T_i over `blocks` whole blocks, F = E or D, runs at once.
template <bool Decrypt>
void whole_blocks(const Kalyna& c, Tweak& tweak, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  const std::size_t b = c.block_size();
  kalyna_modes::Run tweaks, run;
  for (std::size_t done = 0; done < blocks;) {
    const std::size_t n = std::min(kalyna_modes::kRun, blocks - done);
    for (std::size_t j = 0; j < n; ++j) tweak.next(tweaks.data() + j * b);
    kalyna_modes::xor_bytes(run.data(), in + done * b, tweaks.data(), n * b);
    if (Decrypt) {
      c.decrypt_blocks(run.data(), run.data(), n);
    } else {
      c.encrypt_blocks(run.data(), run.data(), n);
    }
    kalyna_modes::xor_bytes(out + done * b, run.data(), tweaks.data(), n * b);
    done += n;
  }
}

template <bool Decrypt>
void one_block(const Kalyna& c, const std::uint8_t* tweak, std::uint8_t* out, const std::uint8_t* in) {
  const std::size_t b = c.block_size();
  Block x;
  kalyna_modes::xor_bytes(x.data(), in, tweak, b);
  if (Decrypt) {
    c.decrypt_blocks(x.data(), x.data(), 1);
  } else {
    c.encrypt_blocks(x.data(), x.data(), 1);
  }
  kalyna_modes::xor_bytes(out, x.data(), tweak, b);
}

void check_xts(const Kalyna& c, std::span<const std::uint8_t> iv, std::size_t out, std::size_t in) {
  kalyna_modes::check_length(c, "XTS", "IV", iv.size(), c.block_size());
  kalyna_modes::check_length(c, "XTS", "output", out, in);
  if (in < c.block_size()) kalyna_modes::bad(c, "XTS", "data shorter than one block");
}

}  // namespace

void kalyna_xts_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in) {
  check_xts(c, iv, out.size(), in.size());
  const std::size_t b = c.block_size(), whole = in.size() / b, r = in.size() % b;
  Tweak tweak(c, iv);
  whole_blocks<false>(c, tweak, out.data(), in.data(), whole);
  if (r == 0) return;
  // Steal: the last whole output C gives its head to the short block; the partial
  // plaintext completed with C's tail is encrypted into C's place.
  std::uint8_t* last = out.data() + (whole - 1) * b;
  Block stolen, t;
  std::memcpy(stolen.data(), in.data() + whole * b, r);
  std::memcpy(stolen.data() + r, last + r, b - r);
  std::memcpy(out.data() + whole * b, last, r);
  tweak.next(t.data());
  one_block<false>(c, t.data(), last, stolen.data());
}

void kalyna_xts_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in) {
  check_xts(c, iv, out.size(), in.size());
  const std::size_t b = c.block_size(), whole = in.size() / b, r = in.size() % b;
  Tweak tweak(c, iv);
  if (r == 0) return whole_blocks<true>(c, tweak, out.data(), in.data(), whole);
  whole_blocks<true>(c, tweak, out.data(), in.data(), whole - 1);
  // The last whole block was encrypted under the tweak after its own.
  Block t_k, t_next, x, tail;
  tweak.next(t_k.data());
  tweak.next(t_next.data());
  std::memcpy(tail.data(), in.data() + whole * b, r);  // in may be out
  one_block<true>(c, t_next.data(), x.data(), in.data() + (whole - 1) * b);
  std::memcpy(out.data() + whole * b, x.data(), r);
  std::memcpy(x.data(), tail.data(), r);
  one_block<true>(c, t_k.data(), out.data() + (whole - 1) * b, x.data());
}

}  // namespace dstu::cipher
