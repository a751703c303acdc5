#!/usr/bin/env python3
"""Writes p521_adx.S: P-521's Montgomery product and square (R = 2^576) on BMI2 + ADX,
one straight-line function each:

    void dstu_gfp_mul_p521_adx(uint64_t r[9], const uint64_t a[9], const uint64_t b[9]);
    void dstu_gfp_sqr_p521_adx(uint64_t r[9], const uint64_t a[9]);

r = a b / 2^576 mod p for p = 2^521 - 1 and a, b < p, in [0, p); r may alias a or b
(it is written last). Outside that contract an operand equal to p gives p, not 0. The method is mont_p521.hpp's, in registers:

1. The 8 x 8 product (or square) of the low 512 bits, lib/mp's generated kernel
   (gen_mul_fixed_adx.py) inlined, into a 16-limb buffer on the stack.
2. The rows of the 9-bit top limbs, (a8 b_lo + b8 a_lo) 2^512 + a8 b8 2^1024 (for the
   square one row of 2 a8 and a8^2), added to limbs 8..16 held in nine registers:
   mulx for the products, adcx along CF for their low halves, adox along OF for the
   high ones.
3. The fold, 2^521 = 1 mod p: s = (T mod 2^521) + (T >> 521) <= 2 (2^521 - 1) (shrd
   makes the high part's limbs in place), then w = (s mod 2^521) + (s >> 521), which is
   already below p: w = 2^521 would need s = 2^522 - 1, above s's bound, and w = p
   would need T = 0 mod p with T != 0, that is p dividing a or b, both below p (then
   T = 0 and w = 0). So no final subtraction (mont_p521.hpp's portable fold keeps
   one; the kernel tests compare the two on edge and random operands).
4. The division by R = 2^55 2^521 = 2^55 (mod p): the 521-bit residue rotated right by
   55 bits.

The C++ of mont_p521.hpp (compiled top rows by mulq, three carry chains through setb,
masks by select) measures slower in latency and in throughput, product and square alike
(tests/perf/gfp_kernels: "mersenne fold adx" beside "mersenne fold"). Straight-line
code: time and memory accesses do not depend on the operands (constant time).

Run: python3 gen_p521_adx.py > p521_adx.S
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside lib/mp's generator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mp", "src"))
from gen_mul_fixed_adx import function, mul, sqr  # noqa: E402  (lib/mp's generator)

FRAME = 152           # the 8 x 8 product t[0..15] at 0(%rsp), r's address at 144(%rsp)
W = ["rax", "rbx", "rbp", "r8", "r9", "r10", "r11", "r12", "r13"]  # t[8 .. 16], then s, x
LO, HI = "r14", "r15"
LOW9 = 0x1FF


def top_rows(square):
    """t[8 .. 16] (+ in W) the rows of the top limbs; a in rsi, b in rcx (multiplying)."""
    out = [f"\tmov {8 * (8 + i)}(%rsp), %{W[i]}" for i in range(8)]
    out.append(f"\txor %{W[8]}, %{W[8]}")  # t[16] = 0; clears CF and OF
    rows = [("rsi", "64(%rsi)")] if square else [("rcx", "64(%rsi)"), ("rsi", "64(%rcx)")]
    for base, top in rows:  # row: top limb of one operand times the other's low limbs
        out.append(f"\tmov {top}, %rdx")
        if square:
            out.append("\tadd %rdx, %rdx")  # 2 a8 < 2^10; clears CF and OF
        else:
            out.append(f"\txor %{LO}, %{LO}")
        for j in range(8):
            out.append(f"\tmulx {8 * j}(%{base}), %{LO}, %{HI}")
            out.append(f"\tadcx %{LO}, %{W[j]}")
            out.append(f"\tadox %{HI}, %{W[j + 1]}")
        out.append(f"\tmov $0, %{LO}")
        out.append(f"\tadcx %{LO}, %{W[8]}")  # the sum stays below 2^1042: no carry out
    out.append("\tmov 64(%rsi), %rdx")
    out.append(f"\timul {'64(%rsi)' if square else '64(%rcx)'}, %rdx")
    out.append(f"\tadd %rdx, %{W[8]}")  # a8 b8 2^1024
    return out


def fold():
    """W = T mod p (in [0, p), see the header) from t[0..7] on the stack and t[8..16] in W."""
    out = [f"\tmov %{W[0]}, %{LO}", f"\tand ${LOW9}, %{LO}"]  # T's bits 512..520
    for j in range(8):  # W[j] = bits 521 + 64 j ... of T
        out.append(f"\tshrd $9, %{W[j + 1]}, %{W[j]}")
    out.append(f"\tshr $9, %{W[8]}")
    for j in range(8):
        out.append(f"\t{'add' if j == 0 else 'adc'} {8 * j}(%rsp), %{W[j]}")
    out.append(f"\tadc %{LO}, %{W[8]}")  # s <= 2^522 - 2
    out.append(f"\tmov %{W[8]}, %{LO}")
    out.append(f"\tshr $9, %{LO}")
    out.append(f"\tand ${LOW9}, %{W[8]}")
    out.append(f"\tadd %{LO}, %{W[0]}")
    for j in range(1, 9):
        out.append(f"\tadc $0, %{W[j]}")  # w < p
    return out


def rotate_and_store():
    """r = W 2^-55 mod p: the 521-bit rotation right by 55 (466 = 7 * 64 + 18)."""
    out = [f"\tmov %{W[0]}, %{LO}", f"\tshl $9, %{LO}"]  # the low 55 bits, at the top
    for j in range(8):
        out.append(f"\tshrd $55, %{W[j + 1]}, %{W[j]}")
    out.append(f"\tmov %{LO}, %{HI}")
    out.append(f"\tshl $9, %{HI}")                 # low55 << 18
    out.append(f"\tor %{HI}, %{W[7]}")
    out.append(f"\tshr $55, %{LO}")                # low55 >> 46
    out.append(f"\tmov %{LO}, %{W[8]}")            # x8 >> 55 is 0
    out.append(f"\tmov {FRAME - 8}(%rsp), %rdi")
    out += [f"\tmov %{W[j]}, {8 * j}(%rdi)" for j in range(9)]
    return out


def body(square):
    head = [f"\tsub ${FRAME}, %rsp", f"\tmov %rdi, {FRAME - 8}(%rsp)", "\tmov %rsp, %rdi"]
    product = sqr(8) if square else mul(8)
    return head + product + top_rows(square) + fold() + rotate_and_store() + [f"\tadd ${FRAME}, %rsp"]


def main():
    print("# Generated by lib/gfp/src/gen_p521_adx.py; do not edit by hand.")
    print("# P-521's Montgomery product and square on BMI2 + ADX (see the generator).")
    print("\t.text")
    for name, square in (("mul", False), ("sqr", True)):
        sym = f"dstu_gfp_{name}_p521_adx"
        print(f"\t.globl {sym}")
        print(f"\t.type {sym}, @function")
        print("\t.p2align 5")
        print("\n".join(function(sym, body(square))))
        print(f"\t.size {sym}, .-{sym}")
    print('\t.section .note.GNU-stack,"",@progbits')


if __name__ == "__main__":
    main()
