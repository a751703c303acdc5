#!/usr/bin/env python3
"""Writes lib/hash/src/keccak_rounds.hpp: the 24 rounds of Keccak-f[1600] (FIPS 202 §3.3),
unrolled over 25 named lanes, two rounds per loop turn (state A -> E -> A), twice: with the
lane complementing transform (Bertoni, Daemen, Peeters, Van Assche, "Keccak implementation
overview", §2.2: six lanes kept complemented between rounds, so that chi needs few NOTs),
for CPUs without an and-not instruction, and as written, for those with BMI1's andn. The rotation offsets, the round constants, pi
and the chi formulas are computed here from FIPS 202's definitions (§3.2.1-3.2.5); each
chi formula is the one with fewest NOTs that a truth table check accepts.
Usage (from the top of the checkout): python3 lib/hash/src/gen_keccak_rounds.py > lib/hash/src/keccak_rounds.hpp"""
import itertools

# Complemented lanes (x, y) between rounds ("Keccak implementation overview", §2.2).
PATTERN = {(1, 0), (2, 0), (3, 1), (2, 2), (2, 3), (0, 4)}


def rho_offsets():
    r = {(0, 0): 0}
    x, y = 1, 0
    for t in range(24):  # §3.2.2 Algorithm 2
        r[(x, y)] = (t + 1) * (t + 2) // 2 % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def rc_bit(t):  # §3.2.5 Algorithm 5
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def round_constant(ir):  # §3.2.5 Algorithm 6
    rc = 0
    for j in range(7):
        rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


def chi_formula(masks, x, out_mask):
    """Stored inputs s_i = b_i ^ masks[i] (i = x, x+1, x+2); returns C++ text computing
    b_x ^ (~b_{x+1} & b_{x+2}) ^ out_mask from s, with the fewest NOTs."""
    best = None
    for n0, n1, n2, op, nout in itertools.product((0, 1), (0, 1), (0, 1), ("&", "|"), (0, 1)):
        ok = True
        for b0, b1, b2 in itertools.product((0, 1), repeat=3):
            s = [b0 ^ masks[0], b1 ^ masks[1], b2 ^ masks[2]]
            u1, u2 = s[1] ^ n1, s[2] ^ n2
            v = (u1 & u2) if op == "&" else (u1 | u2)
            got = s[0] ^ n0 ^ v ^ nout
            want = b0 ^ ((1 - b1) & b2) ^ out_mask
            if got != want:
                ok = False
                break
        if ok:
            cost = n0 + n1 + n2 + nout
            if best is None or cost < best[0]:
                best = (cost, n0, n1, n2, op, nout)
    return best


def lane(prefix, x, y):
    return f"{prefix}{x}{y}"


def emit_round(src, dst, rc_expr, rho, out, pattern):
    """One round from lanes src.. to lanes dst.., with the lanes of `pattern` complemented
    before and after."""
    cm = [sum((x, y) in pattern for y in range(5)) % 2 for x in range(5)]
    for x in range(5):
        out.append(f"    const std::uint64_t c{x} = " + " ^ ".join(lane(src, x, y) for y in range(5)) + ";")
    dm = []
    for x in range(5):
        out.append(f"    const std::uint64_t d{x} = c{(x - 1) % 5} ^ rotl(c{(x + 1) % 5}, 1);")
        dm.append(cm[(x - 1) % 5] ^ cm[(x + 1) % 5])
    nots = 0
    for y in range(5):
        # b[x] = B[x, y] = rot(A[(x + 3y) % 5, x] ^ D[(x + 3y) % 5]) (theta, rho, pi).
        masks = []
        for x in range(5):
            sx, sy = (x + 3 * y) % 5, x
            masks.append(((sx, sy) in pattern) ^ dm[sx])
            r = rho[(sx, sy)]
            v = f"{lane(src, sx, sy)} ^ d{sx}"
            out.append(f"    const std::uint64_t b{x}{y} = " + (f"rotl({v}, {r});" if r else f"{v};"))
        for x in range(5):
            m = [masks[x], masks[(x + 1) % 5], masks[(x + 2) % 5]]
            cost, n0, n1, n2, op, nout = chi_formula(m, x, int((x, y) in pattern))
            nots += cost
            t0 = f"~b{x}{y}" if n0 ^ nout else f"b{x}{y}"
            t1 = f"~b{(x + 1) % 5}{y}" if n1 else f"b{(x + 1) % 5}{y}"
            t2 = f"~b{(x + 2) % 5}{y}" if n2 else f"b{(x + 2) % 5}{y}"
            iota = f" ^ {rc_expr}" if (x, y) == (0, 0) else ""
            out.append(f"    {lane(dst, x, y)} = {t0} ^ ({t1} {op} {t2}){iota};")
    return nots


def emit_function(o, name, pattern, doc):
    rho = rho_offsets()
    body_a, body_e = [], []
    nots = emit_round("a", "e", "rc[i]", rho, body_a, pattern)
    emit_round("e", "a", "rc[i + 1]", rho, body_e, pattern)
    names = ", ".join(lane("a", x, y) for y in range(5) for x in range(5))
    enames = ", ".join(lane("e", x, y) for y in range(5) for x in range(5))
    o += doc
    o.append(f"/// ({nots} NOTs a round in chi.) Always inline: each caller compiled for other ISA")
    o.append("/// extensions (BMI1 andn, BMI2 rorx) gets its own copy.")
    o.append(f"[[gnu::always_inline]] inline void {name}(std::uint64_t s[25]) {{")
    o.append("  constexpr auto rotl = [](std::uint64_t v, int n) { return v << n | v >> (64 - n); };")
    o.append(f"  std::uint64_t {names};")
    o.append(f"  std::uint64_t {enames};")
    for y in range(5):
        for x in range(5):
            o.append(f"  {lane('a', x, y)} = s[{x + 5 * y}];")
    o.append("  const std::uint64_t* rc = kKeccakRc;")
    o.append("  for (int i = 0; i < 24; i += 2) {")
    o.append("    {")
    o += ["  " + l for l in body_a]
    o.append("    }")
    o.append("    {")
    o += ["  " + l for l in body_e]
    o.append("    }")
    o.append("  }")
    for y in range(5):
        for x in range(5):
            o.append(f"  s[{x + 5 * y}] = {lane('a', x, y)};")
    o.append("}")
    o.append("")


def main():
    rcs = [round_constant(i) for i in range(24)]
    pattern = ", ".join(f"{x + 5 * y}" for (x, y) in sorted(PATTERN, key=lambda p: p[0] + 5 * p[1]))
    o = []
    o.append("// Generated by lib/hash/src/gen_keccak_rounds.py: do not edit.")
    o.append("// The 24 rounds of Keccak-f[1600] (FIPS 202 §3.3) on 25 named lanes, lane (x, y) = s[x + 5y],")
    o.append("// two rounds per loop turn: with lane complementing (lanes " + pattern + " complemented")
    o.append("// between rounds) for CPUs without an and-not instruction, and as written for those with")
    o.append("// one (BMI1 andn). Unrolled kernels: exempt from the function size rule.")
    o.append("#pragma once")
    o.append("")
    o.append("#include <cstdint>")
    o.append("")
    o.append("namespace dstu::hash::detail {")
    o.append("")
    o.append("/// The round constants RC[i] of FIPS 202 §3.2.5.")
    o.append("inline constexpr std::uint64_t kKeccakRc[24] = {")
    for i in range(0, 24, 4):
        o.append("    " + " ".join(f"0x{c:016x}," for c in rcs[i:i + 4]))
    o.append("};")
    o.append("")
    o.append("/// Indices of the lanes that keccak_rounds_complemented keeps complemented.")
    o.append(f"inline constexpr int kKeccakComplemented[{len(PATTERN)}] = {{{pattern}}};")
    o.append("")
    emit_function(o, "keccak_rounds_complemented", PATTERN, [
        "/// Keccak-f[1600] on s, whose lanes kKeccakComplemented the caller has complemented (and",
        "/// complements back after): chi needs few NOTs."])
    emit_function(o, "keccak_rounds_andn", set(), [
        "/// Keccak-f[1600] on s as FIPS 202 writes it: chi's ~b & c is one andn where the caller",
        "/// is compiled for BMI1."])
    o.append("}  // namespace dstu::hash::detail")
    print("\n".join(o))


if __name__ == "__main__":
    main()
