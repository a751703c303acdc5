#!/usr/bin/env python3
"""RSA PKCS#1 v1.5 / SHA-256 signing and verification: dstu (tests/perf/rsa_speed) against
OpenSSL 4 in this process (the `cryptography` wheel) and the system OpenSSL 3 (`openssl speed`).

A benchmark, never a test. Every side is timed on the same keys' sizes (2048/3072/4096 by
default), in CPU time of the timing thread where it can be (openssl speed's default). A
shared machine's speed drifts over minutes, so the sides take turns: each round times
dstu, then OpenSSL 4, then OpenSSL 3, and a ratio is taken within a round. The table
gives each rate's median over the rounds and each ratio's median with its range.
Usage: rsa_vs_openssl.py [--build DIR] [--rounds R] [--seconds N] [--sizes 2048 3072]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def cryptography_key(bits):
    from cryptography.hazmat.primitives.asymmetric import rsa

    return rsa.generate_private_key(public_exponent=65537, key_size=bits)


def cryptography_rates(key, samples=7, min_seconds=0.3):
    """Median sign and verify ops/s of OpenSSL via `cryptography` (thread CPU time)."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    pub = key.public_key()
    msg = b"rsa_vs_openssl"
    pad = padding.PKCS1v15()
    sig = key.sign(msg, pad, hashes.SHA256())

    def rate(fn):
        calls, out = 1, []
        while True:
            t0 = time.thread_time()
            for _ in range(calls):
                fn()
            if time.thread_time() - t0 >= min_seconds / samples:
                break
            calls *= 2
        for _ in range(samples):
            t0 = time.thread_time()
            for _ in range(calls):
                fn()
            out.append(calls / (time.thread_time() - t0))
        return statistics.median(out)

    return (rate(lambda: key.sign(msg, pad, hashes.SHA256())),
            rate(lambda: pub.verify(sig, msg, pad, hashes.SHA256())))


def openssl_speed_rates(sizes, seconds):
    """sign/s and verify/s per size from `openssl speed rsaN` (the system OpenSSL)."""
    cmd = ["openssl", "speed", "-seconds", str(seconds)] + [f"rsa{b}" for b in sizes]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"\s*rsa\s+(\d+)\s+bits\s+\S+s\s+\S+s\s+([\d.]+)\s+([\d.]+)", line)
        if m:
            rates[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
    return rates


def dstu_rates(build):
    """sign 1T, sign 2T, verify ops/s per size from rsa_speed."""
    out = subprocess.run([os.path.join(build, "tests/perf/rsa_speed")], capture_output=True,
                         text=True, check=True).stdout
    rates = {}
    for line in out.splitlines():
        w = line.split()
        if w and w[0].isdigit():
            rates[int(w[0])] = (float(w[1]), float(w[2]), float(w[3]))
    return rates


def spread(values):
    """'median (min-max)' of ratios, or the one value."""
    if len(values) == 1:
        return f"{values[0]:.2f}"
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(here, "..", "..", "build"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=1)
    ap.add_argument("--sizes", type=int, nargs="+", default=[2048, 3072, 4096])
    args = ap.parse_args()
    keys = {bits: cryptography_key(bits) for bits in args.sizes}
    nan = float("nan")
    # rows[bits] = one tuple per round: (s1, s2, v, c_sign, c_verify, o_sign, o_verify)
    rows = {bits: [] for bits in args.sizes}
    for _ in range(args.rounds):
        ours = dstu_rates(args.build)
        theirs = {bits: cryptography_rates(keys[bits]) for bits in args.sizes if bits in ours}
        ossl3 = openssl_speed_rates(args.sizes, args.seconds)
        for bits in theirs:
            rows[bits].append(ours[bits] + theirs[bits] + ossl3.get(bits, (nan, nan)))
    print(f"# {args.rounds} rounds; rates are medians over the rounds, ratios medians (range) of each round's")
    print(f"{'bits':>5} {'op':>7} {'dstu 1T':>9} {'dstu 2T':>9} {'OpenSSL4':>9} {'OpenSSL3':>9}"
          f" {'x OSSL4':>17} {'x OSSL3':>17} {'2T/1T':>17}")
    for bits in args.sizes:
        if not rows[bits]:
            continue
        med = [statistics.median(col) for col in zip(*rows[bits])]
        s1, s2, v, c_sign, c_verify, o_sign, o_verify = med
        r = rows[bits]
        print(f"{bits:>5} {'sign':>7} {s1:>9.0f} {s2:>9.0f} {c_sign:>9.0f} {o_sign:>9.0f}"
              f" {spread([x[0] / x[3] for x in r]):>17} {spread([x[0] / x[5] for x in r]):>17}"
              f" {spread([x[1] / x[0] for x in r]):>17}")
        print(f"{bits:>5} {'verify':>7} {v:>9.0f} {'':>9} {c_verify:>9.0f} {o_verify:>9.0f}"
              f" {spread([x[2] / x[4] for x in r]):>17} {spread([x[2] / x[6] for x in r]):>17}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
