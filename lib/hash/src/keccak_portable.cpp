// Keccak-f[1600] in portable C++ (keccak_rounds.hpp, generated) and its BMI1/BMI2 twin, the
// absorbing loop around them, and the choice of kernel.
#include "dstu/base/bytes.hpp"
#include "dstu/cpu/features.hpp"
#include "keccak.hpp"
#include "keccak_rounds.hpp"

namespace dstu::hash::detail {
namespace {

[[gnu::always_inline]] inline void complement(std::uint64_t s[25]) {
  for (int i : kKeccakComplemented) s[i] = ~s[i];
}

/// The state stays complemented across the blocks: xoring data commutes with it.
[[gnu::always_inline]] inline void absorb(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks,
                                          std::size_t rate_words) {
  complement(s);
  for (; blocks > 0; --blocks, p += 8 * rate_words) {
    for (std::size_t i = 0; i < rate_words; ++i) s[i] ^= load_le64(p + 8 * i);
    keccak_rounds(s);
  }
  complement(s);
}

}  // namespace

void keccak_absorb_portable(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words) {
  absorb(s, p, blocks, rate_words);
}

/// andn takes chi's remaining NOTs, rorx rotates into another register.
__attribute__((target("bmi,bmi2"))) void keccak_absorb_bmi2(std::uint64_t s[25], const std::uint8_t* p,
                                                            std::size_t blocks, std::size_t rate_words) {
  absorb(s, p, blocks, rate_words);
}

void keccak_absorb(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words) {
  // Every CPU with BMI2 has BMI1 (Intel since Haswell, AMD since Excavator).
  if (cpu::active().bmi2) return keccak_absorb_bmi2(s, p, blocks, rate_words);
  keccak_absorb_portable(s, p, blocks, rate_words);
}

void keccak_f1600(std::uint64_t s[25]) { keccak_absorb(s, nullptr, 1, 0); }

}  // namespace dstu::hash::detail
