// AES-GCM and GMAC (aes_gcm.hpp), NIST SP 800-38D §6-7, over the path's fused kernels.
#include "dstu/cipher/aes_gcm.hpp"

#include <cstring>
#include <string>

#include "aes_internal.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher {
namespace {

/// 2^39 - 256 bits (§5.2.1.1).
constexpr std::uint64_t kMaxText = (std::uint64_t{1} << 36) - 32;

void check(std::span<const std::uint8_t> iv, std::size_t tag_len, std::size_t text_len) {
  if (iv.empty()) throw_invalid("AES-GCM: an empty IV");
  if (!(tag_len == 4 || tag_len == 8 || (tag_len >= 12 && tag_len <= 16))) {
    throw_invalid("AES-GCM: a tag of " + std::to_string(tag_len) + " octets (4, 8 or 12 to 16 expected)");
  }
  if (text_len > kMaxText) throw_invalid("AES-GCM: a text over 2^36 - 32 octets");
}

void store_be64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

/// The octets of a register-form value (aes_internal.hpp): its integer reversed.
void to_bytes(std::uint8_t out[16], const std::uint64_t x[2]) {
  store_be64(out, x[1]);
  store_be64(out + 8, x[0]);
}

/// counter + n on the last 32 bits, modulo 2^32 (inc32 applied n times).
void inc32(std::uint8_t ctr[16], std::uint64_t n) {
  for (int i = 15; i >= 12; --i, n >>= 8) {
    n += ctr[i];
    ctr[i] = static_cast<std::uint8_t>(n);
  }
}

}  // namespace

AesGcm::AesGcm(std::span<const std::uint8_t> key) : aes_(key), ghash_(std::make_unique<aes_impl::GhashKey>()) {
  std::uint8_t h[16] = {};
  aes_.encrypt_blocks(h, h, 1);
  aes_impl::ghash_key_init(*ghash_, h);
  secure_wipe(h, sizeof h);
}

AesGcm::~AesGcm() { secure_wipe(ghash_.get(), sizeof(aes_impl::GhashKey)); }

void AesGcm::hash(std::uint64_t x[2], std::span<const std::uint8_t> data) const {
  const std::size_t whole = data.size() / 16;
  aes_impl::kernels().ghash(*ghash_, x, data.data(), whole);
  if (data.size() % 16 != 0) {
    std::uint8_t last[16] = {};
    std::memcpy(last, data.data() + 16 * whole, data.size() % 16);
    aes_impl::kernels().ghash(*ghash_, x, last, 1);
    secure_wipe(last, sizeof last);
  }
}

void AesGcm::pre_counter(std::uint8_t j0[16], std::span<const std::uint8_t> iv) const {
  if (iv.size() == 12) {
    std::memcpy(j0, iv.data(), 12);
    j0[12] = j0[13] = j0[14] = 0;
    j0[15] = 1;
    return;
  }
  // J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64) (§7.1 step 2).
  std::uint64_t x[2] = {0, 0};
  hash(x, iv);
  std::uint8_t lengths[16] = {};
  store_be64(lengths + 8, static_cast<std::uint64_t>(iv.size()) * 8);
  aes_impl::kernels().ghash(*ghash_, x, lengths, 1);
  to_bytes(j0, x);
}

void AesGcm::tag_of(std::uint8_t tag[16], const std::uint8_t j0[16], std::uint64_t x[2], std::size_t aad_len,
                    std::size_t text_len) const {
  std::uint8_t lengths[16];
  store_be64(lengths, static_cast<std::uint64_t>(aad_len) * 8);
  store_be64(lengths + 8, static_cast<std::uint64_t>(text_len) * 8);
  aes_impl::kernels().ghash(*ghash_, x, lengths, 1);
  std::uint8_t s[16];
  to_bytes(s, x);
  aes_.encrypt_blocks(tag, j0, 1);  // T = MSB_t(GCTR(J0, S)) = E(J0) ^ S
  for (int i = 0; i < 16; ++i) tag[i] ^= s[i];
  secure_wipe(s, sizeof s);
}

void AesGcm::run(bool encrypt, std::uint8_t tag[16], std::span<std::uint8_t> out, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in, std::size_t tag_len) const {
  check(iv, tag_len, in.size());
  if (out.size() != in.size()) throw_invalid("AES-GCM: output length differs from input length");
  const aes_impl::Kernels& k = aes_impl::kernels();
  std::uint8_t j0[16], ctr[16];
  pre_counter(j0, iv);
  std::memcpy(ctr, j0, 16);
  inc32(ctr, 1);
  std::uint64_t x[2] = {0, 0};
  hash(x, aad);
  const std::size_t whole = in.size() / 16, rest = in.size() % 16;
  (encrypt ? k.gcm_encrypt : k.gcm_decrypt)(aes_.schedule(), *ghash_, ctr, x, out.data(), in.data(), whole);
  if (rest != 0) {  // GHASH takes the last ciphertext block padded with zeros
    std::uint8_t block[16] = {};
    std::memcpy(block, in.data() + 16 * whole, rest);
    if (!encrypt) k.ghash(*ghash_, x, block, 1);
    inc32(ctr, whole);
    k.ctr(aes_.schedule(), ctr, block, block, 1);
    std::memcpy(out.data() + 16 * whole, block, rest);
    if (encrypt) {
      std::memset(block + rest, 0, 16 - rest);
      k.ghash(*ghash_, x, block, 1);
    }
    secure_wipe(block, sizeof block);
  }
  tag_of(tag, j0, x, aad.size(), in.size());
  secure_wipe(x, sizeof x);
}

void AesGcm::encrypt(std::span<std::uint8_t> out, std::span<std::uint8_t> tag, std::span<const std::uint8_t> iv,
                     std::span<const std::uint8_t> aad, std::span<const std::uint8_t> plaintext) const {
  std::uint8_t full[16];
  run(true, full, out, iv, aad, plaintext, tag.size());
  std::memcpy(tag.data(), full, tag.size());
}

bool AesGcm::decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                     std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag) const {
  std::uint8_t full[16];
  run(false, full, out, iv, aad, ciphertext, tag.size());
  bool ok = ct::bytes_equal(full, tag.data(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  if (!ok) secure_wipe(out.data(), out.size());
  return ok;
}

void AesGcm::gmac(std::span<std::uint8_t> tag, std::span<const std::uint8_t> iv,
                  std::span<const std::uint8_t> aad) const {
  encrypt({}, tag, iv, aad, {});
}

bool AesGcm::gmac_verify(std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                         std::span<const std::uint8_t> tag) const {
  return decrypt({}, iv, aad, {}, tag);
}

}  // namespace dstu::cipher
