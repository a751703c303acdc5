// dstu::cipher — the modes of operation that every block cipher shares (NIST SP 800-38A
// §6: ECB, CBC, CFB, OFB, CTR), over BlockCipher, and PKCS#7 padding (RFC 5652 §6.3).
//
// The modes are written once for any block length. Where a standard defines a mode its
// own way (DSTU 7624:2014's CTR and CFB, GOST 28147-89's gamma, GCM's 32-bit counter),
// the family's header says which generic mode and parameters it is, or adds its own.
// Long inputs go to the cipher in runs of kRunBlocks blocks, so that a cipher with
// vector lanes fills them (ECB, CTR, CBC decryption, CFB decryption); CBC and CFB
// encryption and OFB are serial by definition.
// Secret: key, plaintext, keystream. Constant time in all of them; the IV and the
// lengths are public.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cipher/block_cipher.hpp"

namespace dstu::cipher {

/// Blocks handed to the cipher at once by the parallel modes.
inline constexpr std::size_t kRunBlocks = 16;

/// ECB (SP 800-38A §6.1) over whole blocks; out and in of equal length, a multiple of
/// the block (Error(invalid_input) otherwise); out may equal in.
void ecb_encrypt(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in);
void ecb_decrypt(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in);

/// CBC (§6.2) over whole blocks with an IV of one block; out may equal in.
void cbc_encrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in);
void cbc_decrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in);

/// CFB (§6.3) with segments of `segment` octets (1 to the block length; the IV is one
/// block), any input length: a partial last segment is truncated, as in a stream.
void cfb_encrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in, std::size_t segment = 0);
void cfb_decrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in, std::size_t segment = 0);

/// OFB (§6.4), any length; encryption and decryption are the same.
void ofb_crypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in);

/// How CTR steps its counter block from one block to the next.
enum class Counter {
  big_endian,     ///< the whole block as a big-endian integer + 1 (SP 800-38A Appendix B.1)
  big_endian_32,  ///< the last 32 bits big-endian + 1, mod 2^32 (GCM's inc32, SP 800-38D §6.2)
  little_endian,  ///< the whole block as a little-endian integer + 1
};

/// CTR (§6.5) from the initial counter block `counter` (one block), any length; a
/// partial last block uses the head of its keystream block. Encryption and decryption
/// are the same.
void ctr_crypt(const BlockCipher& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in, Counter step = Counter::big_endian);

// ---------------------------------------------------------------- parallel forms
// The modes whose blocks are independent (ECB, CBC and CFB decryption, CTR) have named
// parallel forms beside their sequential twins: the message is cut into contiguous parts
// of whole blocks, at most one per thread and each at least kRunBlocks blocks, and each
// part runs the twin on the team (dstu/parallel/team.hpp). The output is the twin's for
// every length, thread count and nesting (the twin is the oracle in the tests); the twin
// runs instead when the message makes one part, `threads` is 1, or the call is nested or
// in a back-off period. Invalid arguments are refused as the twin refuses them.

/// How a parallel form chooses between the split and its twin.
enum class Split {
  /// The split only where this process has measured it faster than the twin, for this
  /// operation, cipher and message size (to a power of two): the first calls run the twin,
  /// the next alternate the two, and the choice stays under watch
  /// (dstu/parallel/choice.hpp). The default.
  chosen,
  /// The split whenever it can split (tests, and `dstu bench cipher`, which reports both).
  always,
};

void ecb_encrypt_parallel(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          int threads, Split split = Split::chosen);
void ecb_decrypt_parallel(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          int threads, Split split = Split::chosen);
/// Each part takes the ciphertext block before it as its IV (read before any part
/// writes: out may equal in).
void cbc_decrypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                          std::span<const std::uint8_t> in, int threads, Split split = Split::chosen);
/// Whole-block segments only (segment 0 or the block length); shorter segments run the twin.
void cfb_decrypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                          std::span<const std::uint8_t> in, std::size_t segment, int threads,
                          Split split = Split::chosen);
/// Each part starts from the counter stepped by the blocks before it.
void ctr_crypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, Counter step, int threads, Split split = Split::chosen);

/// `in` padded to a whole number of blocks by PKCS#7 (1 to `block` octets, each the
/// pad's length; block 1 to 255).
SecureBytes pkcs7_pad(std::span<const std::uint8_t> in, std::size_t block);
/// The length of `in` without its PKCS#7 padding, or -1 when the padding is malformed
/// (length not a positive multiple of `block`, pad length 0 or above `block`, or pad
/// octets that differ). Constant time in the content of `in` (a decryption): the time
/// depends only on in.size() and `block`.
std::ptrdiff_t pkcs7_unpadded_length(std::span<const std::uint8_t> in, std::size_t block);

}  // namespace dstu::cipher
