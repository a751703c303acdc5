#!/usr/bin/env python3
"""Writes mul_fixed_adx.S: fully unrolled N x N limb products for N = 2..8 on
BMI2 + ADX (mulx, adcx, adox), one function per size:

    void dstu_mp_mul_<N>_adx(uint64_t r[2N], const uint64_t a[N], const uint64_t b[N]);
    void dstu_mp_sqr_<N>_adx(uint64_t r[2N], const uint64_t a[N]);

Operand scanning: row j adds a * b_j into a window of N + 1 accumulator registers;
adcx carries the low halves, adox the high halves, so both chains run at once. The
lowest accumulator is final after each row and is stored. Straight-line code: time
and memory accesses depend on N only (constant time). Squaring forms the
off-diagonal triangle the same way, then doubles it and adds the diagonal squares.
Run: python3 gen_mul_fixed_adx.py > mul_fixed_adx.S
"""

import re

REGS = ["rax", "rbx", "rbp", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rdi"]
CALLEE_SAVED = {"rbx", "rbp", "r12", "r13", "r14", "r15"}


def mul(n):
    # rdi = r, rsi = a, rdx = b (moved to rcx); rdx is mulx's implicit operand.
    pool = [r for r in REGS if r != "rdi"]  # rdi keeps r
    acc = pool[: n + 1]
    lo, hi = pool[n + 1], pool[n + 2]
    out = []
    out.append("\tmov %rdx, %rcx")
    # Row 0: plain products, the high half of a_i b_0 meets the low half of a_(i+1) b_0.
    out.append("\tmov (%rcx), %rdx")
    out.append(f"\tmulx (%rsi), %{acc[0]}, %{acc[1]}")
    for i in range(1, n):
        out.append(f"\tmulx {8*i}(%rsi), %{lo}, %{acc[i+1]}")
        out.append(f"\t{'add' if i == 1 else 'adc'} %{lo}, %{acc[i]}")
    out.append(f"\tadc $0, %{acc[n]}")
    out.append(f"\tmov %{acc[0]}, (%rdi)")
    window = acc[1:] + [acc[0]]  # the stored register becomes the new top
    for j in range(1, n):
        top = window[n]
        out.append(f"\tmov {8*j}(%rcx), %rdx")
        out.append(f"\txor %{top}, %{top}")  # clears CF and OF
        for i in range(n):
            out.append(f"\tmulx {8*i}(%rsi), %{lo}, %{hi}")
            out.append(f"\tadcx %{lo}, %{window[i]}")
            out.append(f"\tadox %{hi}, %{window[i+1]}")
        out.append(f"\tmov $0, %{lo}")
        out.append(f"\tadcx %{lo}, %{top}")
        out.append(f"\tmov %{window[0]}, {8*j}(%rdi)")
        window = window[1:] + [window[0]]
    for i in range(n):
        out.append(f"\tmov %{window[i]}, {8*(n+i)}(%rdi)")
    return out


def sqr(n):
    # Off-diagonal triangle t = sum_{i<j} a_i a_j B^(i+j) by rows i = 0..n-2 (row i
    # spans positions 2i+1 .. i+n); after row i, positions 2i+1 and 2i+2 are final and
    # are stored. Then one pass forms r = 2 t + sum a_i^2 B^(2i): adcx doubles, adox
    # adds the squares.
    pool = [r for r in REGS if r != "rdi"]
    lo, hi = pool[0], pool[1]
    free = pool[2:]
    live = {}  # position -> register
    out = []

    def take(pos):
        live[pos] = free.pop(0)
        return live[pos]

    def store(pos):
        reg = live.pop(pos)
        out.append(f"\tmov %{reg}, {8*pos}(%rdi)")
        free.append(reg)

    # Row 0: a_0 a_j at positions j (low) and j + 1 (high), j = 1..n-1.
    out.append("\tmov (%rsi), %rdx")
    out.append(f"\tmulx 8(%rsi), %{take(1)}, %{take(2)}")
    for j in range(2, n):
        out.append(f"\tmulx {8*j}(%rsi), %{lo}, %{take(j+1)}")
        out.append(f"\t{'add' if j == 2 else 'adc'} %{lo}, %{live[j]}")
    if n > 2:
        out.append(f"\tadc $0, %{live[n]}")
    store(1)
    store(2) if n > 2 else None
    for i in range(1, n - 1):
        top = take(i + n)
        out.append(f"\tmov {8*i}(%rsi), %rdx")
        out.append(f"\txor %{top}, %{top}")
        for j in range(i + 1, n):
            out.append(f"\tmulx {8*j}(%rsi), %{lo}, %{hi}")
            out.append(f"\tadcx %{lo}, %{live[i+j]}")
            out.append(f"\tadox %{hi}, %{live[i+j+1]}")
        out.append(f"\tmov $0, %{lo}")
        out.append(f"\tadcx %{lo}, %{top}")
        store(2 * i + 1)
        store(2 * i + 2)
    for pos in sorted(live):
        store(pos)
    # n == 2: the triangle is a_0 a_1 at positions 1 and 2 (both stored above).
    out.append("\tmovq $0, (%rdi)")
    out.append(f"\tmovq $0, {8*(2*n-1)}(%rdi)")
    out.append(f"\txor %{hi}, %{hi}")
    for i in range(n):
        x, y = free[0], free[1]
        out.append(f"\tmov {8*i}(%rsi), %rdx")
        out.append(f"\tmulx %rdx, %{lo}, %{hi}")
        out.append(f"\tmov {16*i}(%rdi), %{x}")
        out.append(f"\tmov {16*i+8}(%rdi), %{y}")
        out.append(f"\tadcx %{x}, %{x}")
        out.append(f"\tadox %{lo}, %{x}")
        out.append(f"\tadcx %{y}, %{y}")
        out.append(f"\tadox %{hi}, %{y}")
        out.append(f"\tmov %{x}, {16*i}(%rdi)")
        out.append(f"\tmov %{y}, {16*i+8}(%rdi)")
    return out


def function(name, body):
    """Adds the label, saves the callee-saved registers the body uses, returns."""
    used = sorted({r for line in body for r in re.findall(r"%(\w+)", line)} & CALLEE_SAVED)
    return ([f"{name}:"] + [f"\tpush %{r}" for r in used] + body +
            [f"\tpop %{r}" for r in reversed(used)] + ["\tret"])


def main():
    print("# Generated by lib/mp/src/gen_mul_fixed_adx.py; do not edit by hand.")
    print("# Unrolled N x N products and squares on BMI2 + ADX (see the generator).")
    print("\t.text")
    for n in range(2, 9):
        for name, body in (("mul", mul(n)), ("sqr", sqr(n))):
            sym = f"dstu_mp_{name}_{n}_adx"
            print(f"\t.globl {sym}")
            print(f"\t.type {sym}, @function")
            print(f"\t.p2align 5")
            print("\n".join(function(sym, body)))
            print(f"\t.size {sym}, .-{sym}")
    print('\t.section .note.GNU-stack,"",@progbits')


if __name__ == "__main__":
    main()
