// Fuzz target: AES-GCM decryption (aes_gcm.hpp) of arbitrary ciphertexts, tags, IVs and
// AAD. Input: one octet choosing the key size (bits 0-1) and the tag length (bits 2-4),
// one octet for the IV length (1 to 64), the key, the IV, one octet for the AAD length,
// the AAD, the tag, then the ciphertext. Every CPU path must give the same verdict; a
// refusal must leave the output zeroed; an accepted plaintext must encrypt back to the
// same ciphertext and tag.
#include <cstdint>
#include <cstring>
#include <vector>

#include "dstu/cipher/aes_gcm.hpp"
#include "dstu/cpu/features.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  static constexpr std::size_t kTags[8] = {4, 8, 12, 13, 14, 15, 16, 16};
  const std::size_t key_len = std::size_t{16} + 8 * ((data[0] & 3) % 3), tag_len = kTags[(data[0] >> 2) & 7];
  const std::size_t iv_len = 1 + data[1] % 64;
  std::size_t at = 2;
  if (size < at + key_len + iv_len + 1) return 0;
  const std::uint8_t* key = data + at;
  const std::uint8_t* iv = key + key_len;
  at += key_len + iv_len;
  const std::size_t aad_len = data[at++];
  if (size < at + aad_len + tag_len) return 0;
  const std::uint8_t* aad = data + at;
  const std::uint8_t* tag = aad + aad_len;
  at += aad_len + tag_len;
  const std::vector<std::uint8_t> ct(data + at, data + size);
  const dstu::cipher::AesGcm g({key, key_len});
  std::vector<std::uint8_t> first;
  int verdict = -1;
  for (const char* path : {"native", "portable"}) {
    dstu::cpu::set_override(path);
    std::vector<std::uint8_t> out(ct.size(), 0xa5);
    const bool ok = g.decrypt(out, {iv, iv_len}, {aad, aad_len}, ct, {tag, tag_len});
    if (!ok && out != std::vector<std::uint8_t>(ct.size(), 0)) __builtin_trap();
    if (verdict != -1 && (verdict != ok || out != first)) __builtin_trap();
    verdict = ok;
    first = out;
    if (ok) {
      std::vector<std::uint8_t> again(out.size()), again_tag(tag_len);
      g.encrypt(again, again_tag, {iv, iv_len}, {aad, aad_len}, out);
      if (again != ct || std::memcmp(again_tag.data(), tag, tag_len) != 0) __builtin_trap();
    }
  }
  dstu::cpu::set_override("native");
  return 0;
}
