#!/usr/bin/env python3
"""Writes mont_adx.S: Montgomery multiplication and reduction for N = 9..32, 40, 48,
56 and 64 limbs on
BMI2 + ADX (mulx, adcx, adox), one function per operation and size:

    void dstu_mp_montmul_<N>_adx(uint64_t r[N], uint64_t t[2N], const uint64_t a[N],
                                 const uint64_t b[N], const uint64_t m[N], uint64_t m0inv);
    void dstu_mp_montsqr_<N>_adx(uint64_t r[N], uint64_t t[2N], const uint64_t a[N],
                                 const uint64_t m[N], uint64_t m0inv);
    void dstu_mp_redc_<N>_adx(uint64_t r[N], uint64_t t[2N], const uint64_t m[N],
                              uint64_t m0inv);

r = a b / B^N (montmul), a^2 / B^N (montsqr) or t / B^N (redc) mod m, below m; t is
scratch (redc: the input, destroyed). Each first leaves T + c B^N < 2m in t[N..2N)
and a carry bit, then subtracts m once, masked (the C++ wrapper's call and loops
cost a tenth of a 16-limb product).

montmul is CIOS (coarsely integrated operand scanning, Koc, Acar and Kaliski 1996):
for each limb b_i, one row adds a b_i to the accumulator and a second row adds q m
with q = t_i m0inv, which clears t_i; the accumulator then moves up one limb, so
the product is never formed in full and the rows of both halves share one pass over
memory. Each row is one straight run of mulx with adcx carrying the low halves and
adox the high halves, so the two carry chains run at once and a row costs about one
cycle a limb. At 9..32 limbs the accumulator does not fit in registers: it lives in
t, except its two top limbs, which the rows' carries reach and which stay in
registers. The rows are unrolled for each N and the loop over i is a counted loop:
code of a few kilobytes per size, where the straight-line product of
gen_mul_fixed_adx.py would grow as N^2. Time and memory accesses depend on N only.
Run: python3 gen_mont_adx.py > mont_adx.S
"""

from gen_mul_fixed_adx import function  # the prologue and epilogue, shared

# Every size of 9..32 limbs (RSA's CRT halves up to 4096-bit keys), and the whole
# moduli of 2560..4096-bit keys (public-key operations) by steps of 8 limbs.
SIZES = list(range(9, 33)) + [40, 48, 56, 64]


def row(out, n, src, zero, lo, his):
    """t[0..n) += rdx * src[0..n), t in rdi; the flags must be clear (the caller's
    xor). Leaves the top limb's high half in the returned register with CF and OF
    still to add into it."""
    for j in range(n):
        h = his[j % 2]
        out.append(f"\tmulx {8*j}(%{src}), %{lo}, %{h}")
        out.append(f"\tadcx {8*j}(%rdi), %{lo}")
        if j > 0:
            out.append(f"\tadox %{his[(j-1) % 2]}, %{lo}")
        out.append(f"\tmov %{lo}, {8*j}(%rdi)")
    return his[(n - 1) % 2]


def subtract_once(out, n, m):
    """r = T - m unless that is negative without the carry, else T: T = t[n..2n) at
    rdi, the carry in rax, r on the stack (pushed at entry). Masked: cmov on a flag
    set once."""
    out.append("\tpop %rdx")
    out.append("\tmov (%rdi), %r10")
    out.append(f"\tsub (%{m}), %r10")
    out.append("\tmov %r10, (%rdx)")
    for j in range(1, n):
        out.append(f"\tmov {8*j}(%rdi), %r10")
        out.append(f"\tsbb {8*j}(%{m}), %r10")
        out.append(f"\tmov %r10, {8*j}(%rdx)")
    out.append("\tsbb $0, %rax")  # -1: keep T (borrow without the carry), else 0
    out.append("\ttest %rax, %rax")
    for j in range(n):
        out.append(f"\tmov {8*j}(%rdx), %r10")
        out.append(f"\tcmovnz {8*j}(%rdi), %r10")
        out.append(f"\tmov %r10, {8*j}(%rdx)")


def montmul(n):
    # rdi = r (pushed), rsi = t (to rdi), rdx = a (to rsi), rcx = b (to rbx),
    # r8 = m (to rbp), r9 = m0inv (to r8).
    zero, lo, his, top, top2, count = "r9", "r10", ("r11", "r12"), "r13", "r14", "r15"
    out = ["\tpush %rdi", "\tmov %rcx, %rbx", "\tmov %r8, %rbp", "\tmov %r9, %r8", "\tmov %rsi, %rdi",
           "\tmov %rdx, %rsi", "\txor %eax, %eax"]
    for j in range(n):
        out.append(f"\tmov %rax, {8*j}(%rdi)")
    out += [f"\txor %{top}, %{top}", f"\txor %{top2}, %{top2}", f"\tmov ${n}, %{count}"]
    out.append("1:")

    def fold(last):
        # position n: top + last + CF + OF; the overflow goes to top2 (at most 1).
        out.append(f"\tadcx %{top}, %{last}")
        out.append(f"\tadox %{zero}, %{last}")
        out.append(f"\tadcx %{zero}, %{top2}")
        out.append(f"\tadox %{zero}, %{top2}")
        out.append(f"\tmov %{last}, %{top}")

    out.append("\tmov (%rbx), %rdx")
    out.append(f"\txor %{zero}d, %{zero}d")
    fold(row(out, n, "rsi", zero, lo, his))
    out.append("\tmov (%rdi), %rdx")
    out.append("\timul %r8, %rdx")
    out.append(f"\txor %{zero}d, %{zero}d")
    fold(row(out, n, "rbp", zero, lo, his))
    # t_i is now zero: the accumulator moves up one limb.
    out.append(f"\tmov %{top}, {8*n}(%rdi)")
    out.append(f"\tmov %{top2}, %{top}")
    out.append(f"\txor %{top2}d, %{top2}d")
    out.append("\tlea 8(%rdi), %rdi")
    out.append("\tlea 8(%rbx), %rbx")
    out.append(f"\tdec %{count}")
    out.append("\tjnz 1b")
    out.append(f"\tmov %{top}, %rax")
    subtract_once(out, n, "rbp")
    return out


def redc(n, src="rsi", out=None):
    # rdi = t, src = m, r8 = m0inv; rax = the bit above t[i + n]. Called alone:
    # rdi = r (pushed), rsi = t (to rdi), rdx = m (to rsi), rcx = m0inv (to r8).
    zero, lo, his, count = "r9", "r10", ("r11", "rcx"), "rbx"
    alone = out is None
    if alone:
        out = ["\tpush %rdi", "\tmov %rsi, %rdi", "\tmov %rdx, %rsi", "\tmov %rcx, %r8"]
    out += ["\txor %eax, %eax", f"\tmov ${n}, %{count}"]
    out.append("2:")
    out.append("\tmov (%rdi), %rdx")
    out.append("\timul %r8, %rdx")
    out.append(f"\txor %{zero}d, %{zero}d")
    last = row(out, n, src, zero, lo, his)
    out.append(f"\tadcx %{zero}, %{last}")
    out.append(f"\tadox %{zero}, %{last}")
    out.append("\tshr $1, %rax")  # CF = the carry bit, rax = 0
    out.append(f"\tadc %{last}, {8*n}(%rdi)")
    out.append("\tadc $0, %rax")
    out.append("\tlea 8(%rdi), %rdi")
    out.append(f"\tdec %{count}")
    out.append("\tjnz 2b")
    subtract_once(out, n, src)
    return out


def montsqr(n):
    """Montgomery squaring: the off-diagonal triangle once, doubled with the squares
    added, then the reduction; about 3/4 of montmul's multiplications. Row i of the
    triangle adds a_i a[i+1..n) at t[2i+1..); its length falls with i, so one copy of
    the longest row serves all, entered at position i through a table of offsets (i
    is public: the jump depends on n and the row number only). Faster than montmul
of a by itself at every size (tests/perf/rsa_speed with DSTU_CPU=native,-avx512f
measures it)."""
    # rdi = r (pushed), rsi = t (to rdi), rdx = a (to rsi), rcx = m (to rbp), r8 = m0inv.
    zero, lo, his = "r9", "r10", ("r11", "rcx")
    tab = f".Lsqr{n}_tab"
    out = ["\tpush %rdi", "\tmov %rcx, %rbp", "\tmov %rsi, %rdi", "\tmov %rdx, %rsi", "\txor %eax, %eax"]
    for j in range(2 * n):
        out.append(f"\tmov %rax, {8*j}(%rdi)")
    # rbx = i, r12 = a + 8i, r13 = t + 8(i + 1); the row reads a + 8 + 8j, writes r13 + 8j.
    out += ["\txor %ebx, %ebx", "\tmov %rsi, %r12", "\tlea 8(%rdi), %r13", f"\tlea {tab}(%rip), %r14"]
    out.append("1:")
    out.append("\tmov (%r12), %rdx")
    out.append("\tmovslq (%r14,%rbx,4), %r15")
    out.append("\tadd %r14, %r15")
    out.append(f"\txor %{his[0]}, %{his[0]}")
    out.append(f"\txor %{his[1]}, %{his[1]}")
    out.append(f"\txor %{zero}d, %{zero}d")  # clears CF and OF
    out.append("\tjmp *%r15")
    for j in range(n - 1):
        out.append(f".Lsqr{n}_{j}:")
        h = his[j % 2]
        out.append(f"\tmulx {8*j+8}(%rsi), %{lo}, %{h}")
        out.append(f"\tadcx {8*j}(%r13), %{lo}")
        out.append(f"\tadox %{his[(j-1) % 2]}, %{lo}")  # zero at the entry position
        out.append(f"\tmov %{lo}, {8*j}(%r13)")
    last = his[(n - 2) % 2]
    out.append(f"\tadcx %{zero}, %{last}")
    out.append(f"\tadox %{zero}, %{last}")
    out.append(f"\tmov %{last}, {8*(n-1)}(%r13)")  # t[i + n], untouched so far
    out += ["\tlea 8(%r12), %r12", "\tlea 8(%r13), %r13", "\tinc %rbx", f"\tcmp ${n-1}, %rbx", "\tjne 1b"]
    # t = 2 t + sum a_i^2 B^2i: adcx doubles, adox adds the squares.
    out.append(f"\txor %{zero}d, %{zero}d")
    for i in range(n):
        x, y = "r14", "r15"
        out.append(f"\tmov {8*i}(%rsi), %rdx")
        out.append(f"\tmulx %rdx, %{lo}, %{his[0]}")
        out.append(f"\tmov {16*i}(%rdi), %{x}")
        out.append(f"\tmov {16*i+8}(%rdi), %{y}")
        out.append(f"\tadcx %{x}, %{x}")
        out.append(f"\tadox %{lo}, %{x}")
        out.append(f"\tadcx %{y}, %{y}")
        out.append(f"\tadox %{his[0]}, %{y}")
        out.append(f"\tmov %{x}, {16*i}(%rdi)")
        out.append(f"\tmov %{y}, {16*i+8}(%rdi)")
    redc(n, "rbp", out)
    return out


def table(n):
    tab = f".Lsqr{n}_tab"
    return [f"{tab}:"] + [f"\t.long .Lsqr{n}_{j} - {tab}" for j in range(n - 1)]


def main():
    print("# Generated by lib/mp/src/gen_mont_adx.py; do not edit by hand.")
    print("# Montgomery multiplication (CIOS) and reduction on BMI2 + ADX (see the generator).")
    print("\t.text")
    for n in SIZES:
        for name, body in (("montmul", montmul(n)), ("redc", redc(n)), ("montsqr", montsqr(n))):
            sym = f"dstu_mp_{name}_{n}_adx"
            print(f"\t.globl {sym}")
            print(f"\t.type {sym}, @function")
            print(f"\t.p2align 5")
            print("\n".join(function(sym, body)))
            if name == "montsqr":
                print("\n".join(table(n)))
            print(f"\t.size {sym}, .-{sym}")
    print('\t.section .note.GNU-stack,"",@progbits')


if __name__ == "__main__":
    main()
