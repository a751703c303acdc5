// dstu::cipher — Kalyna (DSTU 7624:2014) in its five block/key sizes, and the modes of
// operation of DSTU 7624:2014.
//
// What it is: the block cipher (a BlockCipher, registered as "kalyna128-128",
// "kalyna128-256", "kalyna256-256", "kalyna256-512", "kalyna512-512") and the standard's
// modes: ECB and CBC are the generic ones of modes.hpp; CTR ("gamma"), CFB, OFB, the MAC
// (CMAC), GCM and GMAC, CCM, XTS, KW and the padded KW are below, each as DSTU 7624:2014
// defines it (where a mode is exactly a generic one, the function says so and calls it).
// Depends on: base, cpu, parallel (the parallel forms).
// Secret: keys, key schedules, plaintexts, keystreams, tags until checked. Every CPU path
// is constant time (dstu::cpu::active() picks AVX-512 VBMI, AVX2 or the bitsliced
// portable path at each call); authenticated decryption and unwrapping compare tags in
// constant time and leave the output all zero when the check fails.
//
// Where other implementations read the standard differently (BouncyCastle refuses or
// zero-pads partial blocks in the MAC, GCM and CCM; UAPKI pads GCM's AAD with zeros and
// puts the padded ciphertext length in GCM's length block) these functions follow the
// standard's text and annex examples and agree with BouncyCastle on whole blocks; the
// tests pin both sides (tests/cipher/test_kalyna_modes.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "dstu/base/wipe.hpp"
#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/modes.hpp"

namespace dstu::cipher {

namespace spn {
struct KalynaSchedule;
}

/// Kalyna with a fixed key: blocks of 16, 32 or 64 octets, keys of the block length or
/// twice it (128/128, 128/256, 256/256, 256/512, 512/512). The key schedule is wiped when
/// the object is destroyed.
class Kalyna final : public BlockCipher {
 public:
  /// block_bits: 128, 256 or 512; key: block_bits / 8 or block_bits / 4 octets (512-bit
  /// blocks: 64 octets only). Throws Error(invalid_input) otherwise.
  Kalyna(std::size_t block_bits, std::span<const std::uint8_t> key);
  ~Kalyna() override;
  Kalyna(const Kalyna&) = delete;
  Kalyna& operator=(const Kalyna&) = delete;

  std::string_view name() const override { return name_; }
  std::size_t block_size() const override { return block_; }
  std::size_t key_size() const override { return key_; }
  void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;
  void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;

 private:
  std::size_t block_, key_;
  std::string name_;
  std::unique_ptr<spn::KalynaSchedule> ks_;
};

/// The registry's factory: Kalyna of block_bits under key (sizes as the constructor).
std::unique_ptr<BlockCipher> make_kalyna(std::size_t block_bits, std::span<const std::uint8_t> key);

/// The CPU path Kalyna and the constant-time Kupyna run on now ("avx512vbmi+gfni",
/// "avx512vbmi", "avx2+gfni", "avx2" or "portable").
const char* kalyna_cpu_path();

// ---------------------------------------------------------------- confidentiality modes
// ECB: ecb_encrypt / ecb_decrypt (modes.hpp). CBC: cbc_encrypt / cbc_decrypt (modes.hpp),
// whole blocks with an IV of one block, as DSTU 7624:2014 defines it; the standard pads
// a message that is not whole blocks by annex B.2 first (dstu7624_pad).

/// Annex B.2 padding (as ISO/IEC 7816-4's): in, the octet 0x80, then zeros up to a whole
/// number of `block` octets (1 to 255): one to `block` octets are added.
SecureBytes dstu7624_pad(std::span<const std::uint8_t> in, std::size_t block);
/// The length of `in` without its annex B.2 padding (annex B.3), or -1 when `in` is not a
/// positive whole number of blocks or its last block has no 0x80 after its last data
/// octet and only zeros after that. Constant time in the content of `in`.
std::ptrdiff_t dstu7624_unpadded_length(std::span<const std::uint8_t> in, std::size_t block);

/// CTR ("gamma"): keystream block i (from 1) is E(E(iv) + i), the sum taken over the whole
/// block as a little-endian integer; any length, a partial last block uses the head of
/// its keystream block. iv: one block. Encryption and decryption are the same.
void kalyna_ctr_crypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in);

/// kalyna_ctr_crypt split over the team (modes.hpp's parallel forms: the same output,
/// each part from its own counter block).
void kalyna_ctr_crypt_parallel(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                               std::span<const std::uint8_t> in, int threads, Split split = Split::chosen);

/// CFB with feedback of q octets (1 <= q <= block; 0 means the block): segment i of the
/// data is XORed with the last q octets of gamma_i = E(S_i), S_1 = iv and S_(i+1) =
/// gamma_i with its last q octets replaced by ciphertext segment i. A partial last
/// segment of r octets uses the last r octets of its gamma. With q = block this is
/// SP 800-38A's CFB (and decryption runs blocks in parallel).
void kalyna_cfb_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, std::size_t q = 0);
void kalyna_cfb_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, std::size_t q = 0);

/// OFB: SP 800-38A's (ofb_crypt of modes.hpp), any length.
void kalyna_ofb_crypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in);

/// XTS ("indexed substitution"), one key: tweak T_0 = E(iv), T_i = T_(i-1) * x in GF(2^l)
/// (the field of GCM below, little-endian), block i is E(P_i ^ T_i) ^ T_i; a partial last
/// block steals ciphertext from the one before it. in: at least one block; out may equal in.
void kalyna_xts_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in);
void kalyna_xts_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in);

// ---------------------------------------------------------------- MACs and AEAD
// Tags: `tag` spans hold the tag length q. A partial block is padded by DSTU 7624:2014
// annex B.2 (a 1 bit, the octet 0x80, then zeros).

/// The MAC of DSTU 7624:2014 ("imitovstavka", CMAC): CBC over the blocks but the last,
/// the last block (padded if partial) XORed with E(0) (whole) or E(1) (padded, the key
/// block being 01 00 .. 00) and encrypted; the tag is the first q octets (1 <= q <=
/// block). The message must not be empty (Error(invalid_input)).
void kalyna_cmac(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<std::uint8_t> tag);
/// True when `tag` (1 to block octets) is msg's MAC; compared in constant time.
bool kalyna_cmac_verify(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag);

/// GCM: the keystream is E(E(iv) + i) with the increment on the low 64 bits (little-endian)
/// of the block only; the tag (8 <= q <= block octets) is the head of E(B ^ L), B the
/// GHASH of the padded AAD then the padded ciphertext under H = E(0) in GF(2^l) (l = 128:
/// x^128 + x^7 + x^2 + x + 1, 256: x^256 + x^10 + x^5 + x^2 + 1, 512: x^512 + x^8 + x^5 +
/// x^2 + 1, little-endian), L the bit lengths of AAD (low half) and ciphertext (high half).
/// AAD and plaintext must not both be empty.
void kalyna_gcm_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> ciphertext,
                        std::span<std::uint8_t> tag);
/// Checks the tag first; on a mismatch returns false and leaves `plaintext` all zero.
bool kalyna_gcm_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag,
                        std::span<std::uint8_t> plaintext);

/// GMAC: GCM's tag over msg as AAD with no ciphertext (msg must not be empty).
void kalyna_gmac(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<std::uint8_t> tag);
bool kalyna_gmac_verify(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag);

/// CCM ("imitovstavka and gamma"): nonce of one block; `length_octets` N_b (1..8, and
/// below block - 1) octets carry the lengths, so the plaintext is shorter than 2^(8 N_b)
/// octets; tag of q = 8, 16, 32, 48 or 64 octets (at most the block). The tag is a CBC-MAC
/// over G1 (the nonce's first block - N_b - 1 octets, the plaintext length, a flag octet),
/// when there is AAD G2 (its length, zeros) and the AAD, then the padded plaintext; the
/// output is CTR (kalyna_ctr_crypt with iv = nonce) of plaintext || tag. The plaintext
/// must not be empty.
void kalyna_ccm_encrypt(const Kalyna& c, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> ciphertext,
                        std::span<std::uint8_t> tag, std::size_t length_octets);
/// On a mismatch returns false and leaves `plaintext` all zero.
bool kalyna_ccm_decrypt(const Kalyna& c, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag,
                        std::span<std::uint8_t> plaintext, std::size_t length_octets);

// ---------------------------------------------------------------- key wrap

/// KW: in (a positive whole number of blocks) with a zero block appended, as half blocks
/// B, b_1 .. b_(n-1) (n = 2 (r + 1)); 6 (n - 1) steps of E(B || b_1), whose second half
/// XOR the step number (little-endian) becomes B and whose first half is appended after
/// b_1 is dropped. Output: in.size() + one block.
SecureBytes kalyna_kw_wrap(const Kalyna& c, std::span<const std::uint8_t> in);
/// Inverts the wrap and checks the zero block in constant time; false (and `out` empty)
/// when it is not zero or the length is not at least two blocks.
bool kalyna_kw_unwrap(const Kalyna& c, std::span<const std::uint8_t> in, SecureBytes& out);

/// KW with padding, for data longer than a block and not a whole number of blocks: KW of
/// data || its bit length (half a block, little-endian) || annex B.2 padding.
SecureBytes kalyna_kwp_wrap(const Kalyna& c, std::span<const std::uint8_t> in);
/// Unwraps and checks the zero block, the padding and the length field in constant time;
/// false (and `out` empty) on any mismatch.
bool kalyna_kwp_unwrap(const Kalyna& c, std::span<const std::uint8_t> in, SecureBytes& out);

}  // namespace dstu::cipher
