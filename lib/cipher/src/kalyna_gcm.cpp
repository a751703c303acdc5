// DSTU 7624:2014's GCM and GMAC ("selective gamma with accelerated MAC", §12).
//
// Keystream: gamma_0 = E(iv), block i is E(gamma_0 + i) with the sum on the low 64 bits of
// the block (a little-endian word) only, as UAPKI's dstu7624_encrypt_gcm steps it. Tag:
// B = GHASH under H = E(0) of the AAD then the ciphertext, each padded by annex B.2 when
// its last block is partial (§12.2's O* and C*); tag = the first q octets of E(B ^ L), L
// holding the true bit lengths of the AAD (low half of the block) and of the ciphertext
// (high half). GMAC is the tag of a message taken as AAD with no ciphertext.
//
// On whole blocks this is what UAPKI and BouncyCastle compute and what every annex example
// covers. On partial blocks they differ from the text and from each other: BouncyCastle's
// KGCMBlockCipher / KGMac pad with zeros, UAPKI pads the AAD with zeros and puts the padded
// ciphertext length in L; the annex's 139-bit GMAC example (B.8.1.3) pins the padding and
// the true length, and tests/cipher/test_kalyna_modes.cpp keeps a vector of each side.
#include <algorithm>
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "kalyna_gf.hpp"
#include "kalyna_modes.hpp"

namespace dstu::cipher {
namespace {

using kalyna_modes::Block;

/// GHASH over padded inputs: acc = (acc ^ X_i) * H.
class Ghash {
 public:
  Ghash(const Kalyna& c) : words_(kalyna_gf::words_of(c.block_size())), block_(c.block_size()) {
    Block zero;
    c.encrypt_blocks(zero.data(), zero.data(), 1);
    for (int i = 0; i < words_; ++i) h_[i] = load_le64(zero.data() + 8 * i);
  }
  ~Ghash() {
    secure_wipe(h_, sizeof h_);
    secure_wipe(acc_, sizeof acc_);
  }

  /// Absorbs data whole blocks at a time, a partial last block padded by annex B.2.
  void absorb(std::span<const std::uint8_t> data) {
    std::size_t at = 0;
    for (; data.size() - at >= block_; at += block_) step(data.data() + at);
    if (at == data.size()) return;
    Block last;
    std::memcpy(last.data(), data.data() + at, data.size() - at);
    last.bytes[data.size() - at] = 0x80;
    step(last.data());
  }

  /// acc ^ L, L = the bit lengths of AAD (low half) and ciphertext (high half).
  void finish(Block& out, std::uint64_t aad_octets, std::uint64_t ct_octets) const {
    for (int i = 0; i < words_; ++i) store_le64(out.data() + 8 * i, acc_[i]);
    const std::size_t half = block_ / 2;
    store_le64(out.data(), load_le64(out.data()) ^ (aad_octets << 3));
    store_le64(out.data() + half, load_le64(out.data() + half) ^ (ct_octets << 3));
  }

 private:
  void step(const std::uint8_t* x) {
    for (int i = 0; i < words_; ++i) acc_[i] ^= load_le64(x + 8 * i);
    kalyna_gf::mul(acc_, acc_, h_, words_);
  }

  int words_;
  std::size_t block_;
  std::uint64_t h_[8] = {}, acc_[8] = {};
};

void check_tag_length(const Kalyna& c, const char* mode, std::size_t q) {
  if (q < 8 || q > c.block_size()) {
    kalyna_modes::bad(c, mode, "a tag of " + std::to_string(q) + " octets (8 to " + std::to_string(c.block_size()) + ")");
  }
}

/// The whole tag block of (aad, ciphertext).
void tag_block(const Kalyna& c, std::span<const std::uint8_t> aad, std::span<const std::uint8_t> ct, Block& out) {
  Ghash g(c);
  g.absorb(aad);
  g.absorb(ct);
  g.finish(out, aad.size(), ct.size());
  c.encrypt_blocks(out.data(), out.data(), 1);
}

/// out = in ^ the GCM keystream from iv.
void gcm_keystream(const Kalyna& c, std::span<const std::uint8_t> iv, std::uint8_t* out, const std::uint8_t* in,
                   std::size_t n) {
  const std::size_t b = c.block_size();
  Block gamma;
  c.encrypt_blocks(gamma.data(), iv.data(), 1);
  std::uint64_t low = load_le64(gamma.data());
  kalyna_modes::Run run;
  for (std::size_t at = 0; at < n;) {
    const std::size_t blocks = std::min(kalyna_modes::kRun, (n - at + b - 1) / b);
    for (std::size_t j = 0; j < blocks; ++j) {
      // The barrier keeps the compiler from counting the loop on the (secret) counter.
      low = ct::value_barrier(low + 1);
      store_le64(gamma.data(), low);
      std::memcpy(run.data() + j * b, gamma.data(), b);
    }
    c.encrypt_blocks(run.data(), run.data(), blocks);
    const std::size_t len = std::min(blocks * b, n - at);
    kalyna_modes::xor_bytes(out + at, in + at, run.data(), len);
    at += len;
  }
}

void check_gcm(const Kalyna& c, std::span<const std::uint8_t> iv, std::size_t aad, std::size_t in, std::size_t out,
               std::size_t q) {
  kalyna_modes::check_length(c, "GCM", "IV", iv.size(), c.block_size());
  kalyna_modes::check_length(c, "GCM", "output", out, in);
  check_tag_length(c, "GCM", q);
  if (aad == 0 && in == 0) kalyna_modes::bad(c, "GCM", "AAD and data both empty (DSTU 7624:2014 §12.1)");
}

}  // namespace

void kalyna_gcm_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> ciphertext,
                        std::span<std::uint8_t> tag) {
  check_gcm(c, iv, aad.size(), plaintext.size(), ciphertext.size(), tag.size());
  gcm_keystream(c, iv, ciphertext.data(), plaintext.data(), plaintext.size());
  Block t;
  tag_block(c, aad, ciphertext, t);
  std::memcpy(tag.data(), t.data(), tag.size());
}

bool kalyna_gcm_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag,
                        std::span<std::uint8_t> plaintext) {
  check_gcm(c, iv, aad.size(), ciphertext.size(), plaintext.size(), tag.size());
  Block t;
  tag_block(c, aad, ciphertext, t);
  const bool ok = ct::bytes_equal(t.data(), tag.data(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  if (!ok) {
    secure_wipe(plaintext.data(), plaintext.size());
    return false;
  }
  gcm_keystream(c, iv, plaintext.data(), ciphertext.data(), ciphertext.size());
  return true;
}

void kalyna_gmac(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<std::uint8_t> tag) {
  check_tag_length(c, "GMAC", tag.size());
  if (msg.empty()) kalyna_modes::bad(c, "GMAC", "an empty message (DSTU 7624:2014 §12.1)");
  Block t;
  tag_block(c, msg, {}, t);
  std::memcpy(tag.data(), t.data(), tag.size());
}

bool kalyna_gmac_verify(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag) {
  check_tag_length(c, "GMAC", tag.size());
  if (msg.empty()) kalyna_modes::bad(c, "GMAC", "an empty message (DSTU 7624:2014 §12.1)");
  Block t;
  tag_block(c, msg, {}, t);
  const bool ok = ct::bytes_equal(t.data(), tag.data(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  return ok;
}

}  // namespace dstu::cipher
