// Rows on BMI2 + ADX: mulx leaves the flags alone, adcx and adox carry two
// independent chains (CF: the running sum, OF: the previous high limb), so a row
// costs little more than its multiplications. Four limbs per iteration; the loop
// counter moves with lea and jrcxz, which preserve both flags.
// Only reached when cpu::active() reports bmi2 and adx (see kernels.hpp).
#include "dstu/mp/limbs.hpp"
#include "kernels.hpp"

namespace dstu::mp::ln {

#if defined(__x86_64__)

__attribute__((target("bmi2,adx"))) Limb addmul_1_adx(Limb* r, const Limb* a, std::size_t n,
                                                       Limb w) {
  const std::size_t head = n & 3;
  Limb carry = addmul_1_portable(r, a, head, w);
  std::size_t blocks = n >> 2;
  if (blocks == 0) return carry;
  r += head;
  a += head;
  __asm__ volatile(
      "xor %%r8d, %%r8d\n\t"  // r8 = 0; clears CF and OF
      "1:\n\t"
      "mulx (%[a]), %%r9, %%r10\n\t"
      "adcx (%[r]), %%r9\n\t"
      "adox %[c], %%r9\n\t"
      "mov %%r9, (%[r])\n\t"
      "mulx 8(%[a]), %%r9, %%r11\n\t"
      "adcx 8(%[r]), %%r9\n\t"
      "adox %%r10, %%r9\n\t"
      "mov %%r9, 8(%[r])\n\t"
      "mulx 16(%[a]), %%r9, %%r10\n\t"
      "adcx 16(%[r]), %%r9\n\t"
      "adox %%r11, %%r9\n\t"
      "mov %%r9, 16(%[r])\n\t"
      "mulx 24(%[a]), %%r9, %[c]\n\t"
      "adcx 24(%[r]), %%r9\n\t"
      "adox %%r10, %%r9\n\t"
      "mov %%r9, 24(%[r])\n\t"
      "lea 32(%[a]), %[a]\n\t"
      "lea 32(%[r]), %[r]\n\t"
      "lea -1(%[n]), %[n]\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n"
      "2:\n\t"
      "adcx %%r8, %[c]\n\t"
      "adox %%r8, %[c]\n\t"
      : [a] "+r"(a), [r] "+r"(r), [n] "+c"(blocks), [c] "+r"(carry)
      : "d"(w)
      : "r8", "r9", "r10", "r11", "cc", "memory");
  return carry;
}

__attribute__((target("bmi2,adx"))) Limb mul_1_adx(Limb* r, const Limb* a, std::size_t n,
                                                    Limb w) {
  const std::size_t head = n & 3;
  Limb carry = mul_1_portable(r, a, head, w);
  std::size_t blocks = n >> 2;
  if (blocks == 0) return carry;
  r += head;
  a += head;
  __asm__ volatile(
      "xor %%r8d, %%r8d\n\t"  // clears CF
      "1:\n\t"
      "mulx (%[a]), %%r9, %%r10\n\t"
      "adcx %[c], %%r9\n\t"
      "mov %%r9, (%[r])\n\t"
      "mulx 8(%[a]), %%r9, %%r11\n\t"
      "adcx %%r10, %%r9\n\t"
      "mov %%r9, 8(%[r])\n\t"
      "mulx 16(%[a]), %%r9, %%r10\n\t"
      "adcx %%r11, %%r9\n\t"
      "mov %%r9, 16(%[r])\n\t"
      "mulx 24(%[a]), %%r9, %[c]\n\t"
      "adcx %%r10, %%r9\n\t"
      "mov %%r9, 24(%[r])\n\t"
      "lea 32(%[a]), %[a]\n\t"
      "lea 32(%[r]), %[r]\n\t"
      "lea -1(%[n]), %[n]\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n"
      "2:\n\t"
      "adcx %%r8, %[c]\n\t"
      : [a] "+r"(a), [r] "+r"(r), [n] "+c"(blocks), [c] "+r"(carry)
      : "d"(w)
      : "r8", "r9", "r10", "r11", "cc", "memory");
  return carry;
}

#else

Limb addmul_1_adx(Limb* r, const Limb* a, std::size_t n, Limb w) {
  return addmul_1_portable(r, a, n, w);
}
Limb mul_1_adx(Limb* r, const Limb* a, std::size_t n, Limb w) {
  return mul_1_portable(r, a, n, w);
}

#endif

}  // namespace dstu::mp::ln
