// The 4-limb Montgomery product (P-256, brainpoolP256, and the 256-bit group orders) on
// BMI2 + ADX. The method is CIOS as in mont_portable.hpp (Koç, Acar and Kaliski 1996),
// but each row runs two carry chains at once: mulx leaves the flags alone, adox adds the
// low halves along OF and adcx the high halves along CF. The row's critical path is then
// about one cycle per limb instead of the two of a single add/adc chain.
//
// The accumulator lives in six registers that rotate: after a reduction row its lowest
// limb is zero and becomes the next row's top limb. Unrolled kernel (house style: exempt
// from the function-length rule). Constant time: straight-line code, and the final
// subtraction of p is a masked select.
// Only reached when cpu::active() reports bmi2 and adx (gfp::dispatch, Field::mul).
// The functions carry no target attribute, so that they inline into portable code:
// the compiler emits no BMI2 or ADX instruction of its own here, and the assembler
// takes mulx, adcx and adox whatever the target.
#pragma once

#include "dstu/gfp/internal/mont_portable.hpp"

namespace dstu::gfp::detail {

#if defined(__x86_64__)

// One product into two carry chains: (lo, hi) = rdx SRC; TL += lo along OF (adox), TH +=
// hi along CF (adcx). Shared with mont_sos_adx.hpp.
#define DSTU_ADX_MAC(SRC, TL, TH)       \
  "mulx " SRC ", %[lo], %[hi]\n\t"     \
  "adox %[lo], " TL "\n\t"             \
  "adcx %[hi], " TH "\n\t"

// The first half of a CIOS step for the limb of b at byte offset OFF: t += a b[i].
// T0 ... T5 name the rotating accumulator registers; T5 is 0 on entry.
#define DSTU_ADX_ROW(OFF, T0, T1, T2, T3, T4, T5) \
  "mov " OFF "(%[b]), %%rdx\n\t"                  \
  "xor %k[zero], %k[zero]\n\t" /* CF = OF = 0 */  \
  DSTU_ADX_MAC("(%[a])", T0, T1)                  \
  DSTU_ADX_MAC("8(%[a])", T1, T2)                 \
  DSTU_ADX_MAC("16(%[a])", T2, T3)                \
  DSTU_ADX_MAC("24(%[a])", T3, T4)                \
  "adox %[zero], " T4 "\n\t"                      \
  "adcx %[zero], " T5 "\n\t"                      \
  "adox %[zero], " T5 "\n\t"

// The second half: m = t0 m0inv; t += m p, after which t0 is 0 (and becomes the next
// step's T5). MUL_M0INV is the product by m0inv, or nothing where m0inv = 1 (p = -1
// mod 2^64, as P-256's).
#define DSTU_ADX_REDUCE(T0, T1, T2, T3, T4, T5, MUL_M0INV) \
  "mov " T0 ", %%rdx\n\t"                         \
  MUL_M0INV /* m = t0 m0inv */                     \
  "xor %k[zero], %k[zero]\n\t"                    \
  DSTU_ADX_MAC("(%[p])", T0, T1) /* t0 becomes 0 */ \
  DSTU_ADX_MAC("8(%[p])", T1, T2)                 \
  DSTU_ADX_MAC("16(%[p])", T2, T3)                \
  DSTU_ADX_MAC("24(%[p])", T3, T4)                \
  "adox %[zero], " T4 "\n\t"                      \
  "adcx %[zero], " T5 "\n\t"                      \
  "adox %[zero], " T5 "\n\t"

#define DSTU_CIOS_STEP(OFF, T0, T1, T2, T3, T4, T5, MUL_M0INV) \
  DSTU_ADX_ROW(OFF, T0, T1, T2, T3, T4, T5) DSTU_ADX_REDUCE(T0, T1, T2, T3, T4, T5, MUL_M0INV)

#define DSTU_MUL_M0INV "imul %[m0inv], %%rdx\n\t"

// The kernel's body: the four steps, then the final subtraction; the result t =
// (r4, r5, r0, r1, r2) < 2p loses p unless that borrows past r2.
#define DSTU_MONT_MUL_4_ADX(MUL)                                                                           \
  Limb r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, lo, hi, zero;                                      \
  __asm__(DSTU_CIOS_STEP("0", "%[r0]", "%[r1]", "%[r2]", "%[r3]", "%[r4]", "%[r5]", MUL)                 \
              DSTU_CIOS_STEP("8", "%[r1]", "%[r2]", "%[r3]", "%[r4]", "%[r5]", "%[r0]", MUL)             \
                  DSTU_CIOS_STEP("16", "%[r2]", "%[r3]", "%[r4]", "%[r5]", "%[r0]", "%[r1]", MUL)        \
                      DSTU_CIOS_STEP("24", "%[r3]", "%[r4]", "%[r5]", "%[r0]", "%[r1]", "%[r2]", MUL)    \
          : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [r5] "+&r"(r5), \
            [lo] "=&r"(lo), [hi] "=&r"(hi), [zero] "=&r"(zero)                                            \
          : [a] "r"(a), [b] "r"(b), [p] "r"(p), [m0inv] "rm"(m0inv)                                       \
          : "rdx", "cc", "memory");                                                                       \
  const Limb t[4] = {r4, r5, r0, r1};                                                                     \
  reduce_once<4>(r, t, r2, p);

/// r = a b / 2^256 mod p (r may alias a or b); kM0invOne as in mont_mul_cios.
template <bool kM0invOne = false>
DSTU_GFP_INLINE void mont_mul_4_adx(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  if constexpr (kM0invOne) {
    DSTU_MONT_MUL_4_ADX("")
  } else {
    DSTU_MONT_MUL_4_ADX(DSTU_MUL_M0INV)
  }
}

/// r = a + b mod p for a, b < p, 4 limbs (r may alias a or b): the sum with its carry,
/// the sum minus p, and cmovc keeps the sum where that borrowed past the carry. One carry
/// chain after the other and a conditional move: the compiled add_mod saves and restores
/// the flags between its chains and masks (about twice the latency). Constant time.
DSTU_GFP_INLINE void add_mod_4_asm(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb s0, s1, s2, s3, t0, t1, t2, t3, c;
  __asm__("xor %k[c], %k[c]\n\t"
          "mov (%[a]), %[s0]\n\t"
          "mov 8(%[a]), %[s1]\n\t"
          "mov 16(%[a]), %[s2]\n\t"
          "mov 24(%[a]), %[s3]\n\t"
          "add (%[b]), %[s0]\n\t"
          "adc 8(%[b]), %[s1]\n\t"
          "adc 16(%[b]), %[s2]\n\t"
          "adc 24(%[b]), %[s3]\n\t"
          "adc $0, %[c]\n\t"
          "mov %[s0], %[t0]\n\t"
          "mov %[s1], %[t1]\n\t"
          "mov %[s2], %[t2]\n\t"
          "mov %[s3], %[t3]\n\t"
          "sub (%[p]), %[t0]\n\t"
          "sbb 8(%[p]), %[t1]\n\t"
          "sbb 16(%[p]), %[t2]\n\t"
          "sbb 24(%[p]), %[t3]\n\t"
          "sbb $0, %[c]\n\t" /* CF: the sum is below p */
          "cmovc %[s0], %[t0]\n\t"
          "cmovc %[s1], %[t1]\n\t"
          "cmovc %[s2], %[t2]\n\t"
          "cmovc %[s3], %[t3]\n\t"
          : [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3), [t0] "=&r"(t0), [t1] "=&r"(t1),
            [t2] "=&r"(t2), [t3] "=&r"(t3), [c] "=&r"(c)
          : [a] "r"(a), [b] "r"(b), [p] "r"(p)
          : "cc", "memory");
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = t3;
}

/// r = a - b mod p for a, b < p, 4 limbs (r may alias a or b): the difference, then p
/// masked by its borrow added in one carry chain. Constant time.
DSTU_GFP_INLINE void sub_mod_4_asm(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb d0, d1, d2, d3, q0, q1, q2, q3, m;
  __asm__("mov (%[a]), %[d0]\n\t"
          "mov 8(%[a]), %[d1]\n\t"
          "mov 16(%[a]), %[d2]\n\t"
          "mov 24(%[a]), %[d3]\n\t"
          "mov (%[p]), %[q0]\n\t"
          "mov 8(%[p]), %[q1]\n\t"
          "mov 16(%[p]), %[q2]\n\t"
          "mov 24(%[p]), %[q3]\n\t"
          "sub (%[b]), %[d0]\n\t"
          "sbb 8(%[b]), %[d1]\n\t"
          "sbb 16(%[b]), %[d2]\n\t"
          "sbb 24(%[b]), %[d3]\n\t"
          "sbb %[m], %[m]\n\t" /* all ones where a < b */
          "and %[m], %[q0]\n\t"
          "and %[m], %[q1]\n\t"
          "and %[m], %[q2]\n\t"
          "and %[m], %[q3]\n\t"
          "add %[q0], %[d0]\n\t"
          "adc %[q1], %[d1]\n\t"
          "adc %[q2], %[d2]\n\t"
          "adc %[q3], %[d3]\n\t"
          : [d0] "=&r"(d0), [d1] "=&r"(d1), [d2] "=&r"(d2), [d3] "=&r"(d3), [q0] "=&r"(q0), [q1] "=&r"(q1),
            [q2] "=&r"(q2), [q3] "=&r"(q3), [m] "=&r"(m)
          : [a] "r"(a), [b] "r"(b), [p] "r"(p)
          : "cc", "memory");
  r[0] = d0;
  r[1] = d1;
  r[2] = d2;
  r[3] = d3;
}

#undef DSTU_MONT_MUL_4_ADX
#undef DSTU_MUL_M0INV
#undef DSTU_CIOS_STEP
#undef DSTU_ADX_REDUCE
#undef DSTU_ADX_ROW

#endif

}  // namespace dstu::gfp::detail
