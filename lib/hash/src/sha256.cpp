// SHA-224 and SHA-256 (FIPS 180-4 §5.3.2-5.3.3, §6.2-6.3): initial values, constants,
// the portable compression and the choice of kernel.
#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/sha2.hpp"
#include "sha2_internal.hpp"
#include "sha2_rounds.hpp"

namespace dstu::hash::detail {

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const std::uint32_t kSha256K[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

namespace {

struct Sha256Spec {
  using Word = std::uint32_t;
  static constexpr int kRounds = 64;
  static constexpr int kSmall0[3] = {7, 18, 3}, kSmall1[3] = {17, 19, 10};
  static constexpr int kBig0[3] = {2, 13, 22}, kBig1[3] = {6, 11, 25};
  static Word load(const std::uint8_t* p) {
    return static_cast<Word>(p[0]) << 24 | static_cast<Word>(p[1]) << 16 | static_cast<Word>(p[2]) << 8 | p[3];
  }
};

}  // namespace

void sha256_compress_portable(std::uint32_t h[8], const std::uint8_t* p, std::size_t blocks) {
  sha2_compress<Sha256Spec>(h, p, blocks, kSha256K);
}

void Sha256Core::init(Word h[8], std::size_t bits) {
  // SHA-256: the fractional parts of the square roots of the first 8 primes; SHA-224:
  // the second 32 bits of those of the 9th to 16th primes.
  static constexpr Word k256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  static constexpr Word k224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                   0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
  if (bits != 224 && bits != 256) throw_invalid("SHA-256 family: digest of 224 or 256 bits");
  const Word* iv = bits == 256 ? k256 : k224;
  for (int i = 0; i < 8; ++i) h[i] = iv[i];
}

void Sha256Core::compress(Word h[8], const std::uint8_t* p, std::size_t blocks) {
  if (cpu::active().sha) {
    sha256_compress_shani(h, p, blocks);
  } else {
    sha256_compress_portable(h, p, blocks);
  }
}

}  // namespace dstu::hash::detail
