// Keccak-f[1600] in C++ (keccak_rounds.hpp, generated): the lane-complemented rounds for
// CPUs without an and-not instruction, the rounds as written compiled for BMI1/BMI2 (andn,
// rorx), the absorbing loop around them, and the choice of kernel. There is no AVX-512
// Keccak: a single state in ZMM rows (pi by blends and vpermq) measured slower than these
// rounds (tests/perf/hash_vs_openssl; the figures are in the CHANGELOG).
#include "dstu/base/bytes.hpp"
#include "dstu/cpu/features.hpp"
#include "keccak.hpp"
#include "keccak_rounds.hpp"

namespace dstu::hash::detail {
namespace {

inline void xor_block(std::uint64_t s[25], const std::uint8_t* p, std::size_t rate_words) {
  for (std::size_t i = 0; i < rate_words; ++i) s[i] ^= load_le64(p + 8 * i);
}

}  // namespace

void keccak_absorb_portable(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words) {
  // The state stays complemented across the blocks: xoring data commutes with it.
  for (int i : kKeccakComplemented) s[i] = ~s[i];
  for (; blocks > 0; --blocks, p += 8 * rate_words) {
    xor_block(s, p, rate_words);
    keccak_rounds_complemented(s);
  }
  for (int i : kKeccakComplemented) s[i] = ~s[i];
}

/// With andn, chi costs what the complemented rounds' does without their NOTs, so these
/// rounds are the faster where both can run (tests/perf/hash_vs_openssl).
__attribute__((target("bmi,bmi2"))) void keccak_absorb_bmi2(std::uint64_t s[25], const std::uint8_t* p,
                                                            std::size_t blocks, std::size_t rate_words) {
  for (; blocks > 0; --blocks, p += 8 * rate_words) {
    xor_block(s, p, rate_words);
    keccak_rounds_andn(s);
  }
}

void keccak_absorb(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words) {
  // Every CPU with BMI2 has BMI1 (both came with the same generations).
  if (cpu::active().bmi2) return keccak_absorb_bmi2(s, p, blocks, rate_words);
  keccak_absorb_portable(s, p, blocks, rate_words);
}

void keccak_f1600(std::uint64_t s[25]) { keccak_absorb(s, nullptr, 1, 0); }

}  // namespace dstu::hash::detail
