// The 4-limb Montgomery product and square on BMI2 + ADX, for any odd p and for P-256's
// p, by separated operand scanning (Koç, Acar and Kaliski 1996, SOS): first T = a b in
// eight registers (four rows of mulx with two carry chains, adox for the low halves and
// adcx for the high ones), or T = a^2 (the six cross products a_i a_j, i < j, once,
// doubled by a shift, then the four squares added: 10 products for 16); then Montgomery's
// reduction of T's low half, (T_lo + m p) / 2^256 in a window of five registers that
// rotate (each row's m makes its lowest limb 0, which becomes the next row's top;
// T_lo + m_k p < 2^320 keeps every row inside the window), plus T's high half:
// a^2 / 2^256 < 2p, then the subtraction of p, undone by cmovc where it borrows past the
// carry, in the same asm statement. P-256's rows take one product
// instead of four (mont_p256.hpp). Unrolled kernels (house style: exempt from the
// function-length rule); constant time: straight-line code and conditional moves.
// Only reached when cpu::active() reports bmi2 and adx, as mont_adx.hpp's kernels, and
// like them without a target attribute so that they inline.
#pragma once

#include "dstu/gfp/internal/mont_adx.hpp"

namespace dstu::gfp::detail {

#if defined(__x86_64__)

// T = a^2 into t0 ... t7 (lo, hi and rdx as scratch). Single carry chains: the cross
// products are few, and mov and mulx leave the flags alone between the adc of a chain.
#define DSTU_SQR4_PRODUCT                                                                    \
  "mov (%[a]), %%rdx\n\t" /* a0 a1, a0 a2, a0 a3 */                                         \
  "mulx 8(%[a]), %[t1], %[t2]\n\t"                                                           \
  "mulx 16(%[a]), %[lo], %[t3]\n\t"                                                          \
  "mulx 24(%[a]), %[hi], %[t4]\n\t"                                                          \
  "add %[lo], %[t2]\n\t"                                                                     \
  "adc %[hi], %[t3]\n\t"                                                                     \
  "adc $0, %[t4]\n\t"                                                                        \
  "mov 8(%[a]), %%rdx\n\t" /* a1 a2, a1 a3 */                                               \
  "mulx 16(%[a]), %[lo], %[hi]\n\t"                                                          \
  "mulx 24(%[a]), %[t6], %[t5]\n\t"                                                          \
  "add %[lo], %[t3]\n\t"                                                                     \
  "adc %[hi], %[t4]\n\t"                                                                     \
  "adc $0, %[t5]\n\t"                                                                        \
  "add %[t6], %[t4]\n\t"                                                                     \
  "adc $0, %[t5]\n\t"                                                                        \
  "mov 16(%[a]), %%rdx\n\t" /* a2 a3 */                                                     \
  "mulx 24(%[a]), %[lo], %[t6]\n\t"                                                          \
  "add %[lo], %[t5]\n\t"                                                                     \
  "adc $0, %[t6]\n\t"                                                                        \
  "xor %k[t7], %k[t7]\n\t" /* doubled: t1 ... t7 = 2 (t1 ... t6) */                          \
  "add %[t1], %[t1]\n\t"                                                                     \
  "adc %[t2], %[t2]\n\t"                                                                     \
  "adc %[t3], %[t3]\n\t"                                                                     \
  "adc %[t4], %[t4]\n\t"                                                                     \
  "adc %[t5], %[t5]\n\t"                                                                     \
  "adc %[t6], %[t6]\n\t"                                                                     \
  "adc $0, %[t7]\n\t"                                                                        \
  "mov (%[a]), %%rdx\n\t" /* plus the squares */                                            \
  "mulx %%rdx, %[t0], %[hi]\n\t"                                                             \
  "add %[hi], %[t1]\n\t"                                                                     \
  "mov 8(%[a]), %%rdx\n\t"                                                                   \
  "mulx %%rdx, %[lo], %[hi]\n\t"                                                             \
  "adc %[lo], %[t2]\n\t"                                                                     \
  "adc %[hi], %[t3]\n\t"                                                                     \
  "mov 16(%[a]), %%rdx\n\t"                                                                  \
  "mulx %%rdx, %[lo], %[hi]\n\t"                                                             \
  "adc %[lo], %[t4]\n\t"                                                                     \
  "adc %[hi], %[t5]\n\t"                                                                     \
  "mov 24(%[a]), %%rdx\n\t"                                                                  \
  "mulx %%rdx, %[lo], %[hi]\n\t"                                                             \
  "adc %[lo], %[t6]\n\t"                                                                     \
  "adc %[hi], %[t7]\n\t"

// One reduction row of the five-register window W0 (lowest) ... W4 (top, 0 on entry):
// m = W0 m0inv, W += m p with p's address in %[a] (the product no longer needs a);
// W0 becomes 0. MUL_M0INV as in mont_adx.hpp.
#define DSTU_SQR4_REDUCE(W0, W1, W2, W3, W4, MUL_M0INV) \
  "mov " W0 ", %%rdx\n\t"                             \
  MUL_M0INV                                           \
  "xor %k[lo], %k[lo]\n\t" /* CF = OF = 0 */          \
  DSTU_ADX_MAC("(%[a])", W0, W1)                      \
  DSTU_ADX_MAC("8(%[a])", W1, W2)                     \
  DSTU_ADX_MAC("16(%[a])", W2, W3)                    \
  DSTU_ADX_MAC("24(%[a])", W3, W4)                    \
  "adox %[zero], " W4 "\n\t"

// P-256's row: m = W0; W1 += m << 32, W2 += m >> 32, (W3, W4) += m p3 (mont_p256.hpp).
#define DSTU_SQR4_REDUCE_P256(W0, W1, W2, W3, W4) \
  "mov " W0 ", %%rdx\n\t"                       \
  "mulx %[p3], %[lo], %[hi]\n\t"                \
  "shl $32, " W0 "\n\t"                         \
  "shr $32, %%rdx\n\t"                          \
  "add " W0 ", " W1 "\n\t"                      \
  "adc %%rdx, " W2 "\n\t"                       \
  "adc %[lo], " W3 "\n\t"                       \
  "adc %[hi], " W4 "\n\t"                       \
  "xor " W0 ", " W0 "\n\t"

// The four rows over (t0, t1, t2, t3, w), W naming w's operand ("[w]"): afterwards (w, t0, t1, t2) = T_lo / 2^256 mod
// p, below 2^256; then plus (t4 ... t7) into (t4 ... t7, t3 = carry).
#define DSTU_SQR4_REDUCE_ALL(W, ROW, ...)                                                           \
  "xor %k" W ", %k" W "\n\t"                                                                      \
  ROW("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%" W __VA_ARGS__)                                       \
  ROW("%[t1]", "%[t2]", "%[t3]", "%" W, "%[t0]" __VA_ARGS__)                                       \
  ROW("%[t2]", "%[t3]", "%" W, "%[t0]", "%[t1]" __VA_ARGS__)                                       \
  ROW("%[t3]", "%" W, "%[t0]", "%[t1]", "%[t2]" __VA_ARGS__)                                       \
  "add %" W ", %[t4]\n\t"                                                                          \
  "adc %[t0], %[t5]\n\t"                                                                           \
  "adc %[t1], %[t6]\n\t"                                                                           \
  "adc %[t2], %[t7]\n\t"                                                                           \
  "adc $0, %[t3]\n\t" /* t3 is 0 after the last row: now the carry */

// The final subtraction: (t0, t1, t2, hi) = (t3 : t7 ... t4) - p with p's address in
// %[a], unless that borrows past the carry t3, when cmovc keeps t7 ... t4. In the asm
// statement: the select compiled from reduce_once took three times the instructions
// (setb, a mask, and and xor on every limb) and a longer chain.
#define DSTU_SOS4_FINAL              \
  "mov %[t4], %[t0]\n\t"            \
  "mov %[t5], %[t1]\n\t"            \
  "mov %[t6], %[t2]\n\t"            \
  "mov %[t7], %[hi]\n\t"            \
  "sub (%[a]), %[t0]\n\t"           \
  "sbb 8(%[a]), %[t1]\n\t"          \
  "sbb 16(%[a]), %[t2]\n\t"         \
  "sbb 24(%[a]), %[hi]\n\t"         \
  "sbb $0, %[t3]\n\t"               \
  "cmovc %[t4], %[t0]\n\t"          \
  "cmovc %[t5], %[t1]\n\t"          \
  "cmovc %[t6], %[t2]\n\t"          \
  "cmovc %[t7], %[hi]\n\t"

// T = a b into t0 ... t7: row 0 with one carry chain, rows 1 to 3 with two; lo is
// cleared (by mov, which leaves the flags) to add the rows' last carries.
#define DSTU_MUL4_ROW(OFF, T0, T1, T2, T3, T4) \
  "mov " OFF "(%[b]), %%rdx\n\t"           \
  "xor %k[lo], %k[lo]\n\t"                 \
  DSTU_ADX_MAC("(%[a])", T0, T1)           \
  DSTU_ADX_MAC("8(%[a])", T1, T2)          \
  DSTU_ADX_MAC("16(%[a])", T2, T3)         \
  "mulx 24(%[a]), %[lo], " T4 "\n\t"       \
  "adox %[lo], " T3 "\n\t"                 \
  "mov $0, %k[lo]\n\t"                     \
  "adcx %[lo], " T4 "\n\t"                 \
  "adox %[lo], " T4 "\n\t"

#define DSTU_MUL4_PRODUCT                                                   \
  "mov (%[b]), %%rdx\n\t"                                                  \
  "mulx (%[a]), %[t0], %[t1]\n\t"                                          \
  "mulx 8(%[a]), %[lo], %[t2]\n\t"                                         \
  "add %[lo], %[t1]\n\t"                                                   \
  "mulx 16(%[a]), %[lo], %[t3]\n\t"                                        \
  "adc %[lo], %[t2]\n\t"                                                   \
  "mulx 24(%[a]), %[lo], %[t4]\n\t"                                        \
  "adc %[lo], %[t3]\n\t"                                                   \
  "adc $0, %[t4]\n\t"                                                      \
  DSTU_MUL4_ROW("8", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")          \
  DSTU_MUL4_ROW("16", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")         \
  DSTU_MUL4_ROW("24", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")

#define DSTU_SQR4_OPERANDS                                                                          \
  [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), \
      [t6] "=&r"(t6), [t7] "=&r"(t7), [w] "=&r"(w), [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap)

// For the product, b's register serves as the window's fifth register w once T is made.
#define DSTU_MUL4_OPERANDS                                                                          \
  [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), \
      [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap), [b] "+&r"(bp)

// The asm statement of the generic kernels: PRODUCT, then the reduction and the final
// subtraction with p's address loaded into a's register, W naming the window's fifth
// register; the result in (t0, t1, t2, hi).
#define DSTU_SOS4_GENERIC(PRODUCT, W, OPERANDS, MUL_M0INV)                                     \
  __asm__(PRODUCT "mov %[p], %[a]\n\t" DSTU_SQR4_REDUCE_ALL(W, DSTU_SQR4_REDUCE, , MUL_M0INV) DSTU_SOS4_FINAL \
          : OPERANDS                                                                          \
          : [p] "m"(p), [zero] "m"(zero), [m0inv] "m"(m0inv)                                  \
          : "rdx", "cc", "memory")

/// r = a^2 / 2^256 mod p (r may alias a); kM0invOne as in mont_mul_cios.
template <bool kM0invOne = false>
DSTU_GFP_INLINE void mont_sqr_4_adx(Limb* r, const Limb* a, const Limb* p, Limb m0inv) {
  Limb t0, t1, t2, t3, t4, t5, t6, t7, w, lo, hi;
  const Limb* ap = a;
  const Limb zero = 0;
  if constexpr (kM0invOne) {
    DSTU_SOS4_GENERIC(DSTU_SQR4_PRODUCT, "[w]", DSTU_SQR4_OPERANDS, "");
  } else {
    DSTU_SOS4_GENERIC(DSTU_SQR4_PRODUCT, "[w]", DSTU_SQR4_OPERANDS, "imul %[m0inv], %%rdx\n\t");
  }
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = hi;
}

/// r = a^2 / 2^256 mod P-256's p (r may alias a).
DSTU_GFP_INLINE void mont_sqr_p256_adx(Limb* r, const Limb* a, const Limb* p) {
  Limb t0, t1, t2, t3, t4, t5, t6, t7, w, lo, hi;
  const Limb* ap = a;
  const Limb p3 = p[3];
  __asm__(DSTU_SQR4_PRODUCT DSTU_SQR4_REDUCE_ALL("[w]", DSTU_SQR4_REDUCE_P256, ) "mov %[p], %[a]\n\t" DSTU_SOS4_FINAL
          : DSTU_SQR4_OPERANDS
          : [p3] "m"(p3), [p] "m"(p)
          : "rdx", "cc", "memory");
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = hi;
}

/// r = a b / 2^256 mod p (r may alias a or b); kM0invOne as in mont_mul_cios.
template <bool kM0invOne = false>
DSTU_GFP_INLINE void mont_mul_4_sos_adx(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  Limb t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
  const Limb* ap = a;
  const Limb* bp = b;
  const Limb zero = 0;
  if constexpr (kM0invOne) {
    DSTU_SOS4_GENERIC(DSTU_MUL4_PRODUCT, "[b]", DSTU_MUL4_OPERANDS, "");
  } else {
    DSTU_SOS4_GENERIC(DSTU_MUL4_PRODUCT, "[b]", DSTU_MUL4_OPERANDS, "imul %[m0inv], %%rdx\n\t");
  }
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = hi;
}

/// r = a b / 2^256 mod P-256's p (r may alias a or b).
DSTU_GFP_INLINE void mont_mul_p256_sos_adx(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
  const Limb* ap = a;
  const Limb* bp = b;
  const Limb p3 = p[3];
  __asm__(DSTU_MUL4_PRODUCT DSTU_SQR4_REDUCE_ALL("[b]", DSTU_SQR4_REDUCE_P256, ) "mov %[p], %[a]\n\t" DSTU_SOS4_FINAL
          : DSTU_MUL4_OPERANDS
          : [p3] "m"(p3), [p] "m"(p)
          : "rdx", "cc", "memory");
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = hi;
}

#undef DSTU_SOS4_GENERIC
#undef DSTU_MUL4_OPERANDS
#undef DSTU_MUL4_PRODUCT
#undef DSTU_MUL4_ROW
#undef DSTU_SOS4_FINAL
#undef DSTU_SQR4_OPERANDS
#undef DSTU_SQR4_REDUCE_ALL
#undef DSTU_SQR4_REDUCE_P256
#undef DSTU_SQR4_REDUCE
#undef DSTU_SQR4_PRODUCT

#endif

}  // namespace dstu::gfp::detail
