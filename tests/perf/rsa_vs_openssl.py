#!/usr/bin/env python3
"""RSA PKCS#1 v1.5 / SHA-256 signing and verification: dstu (tests/perf/rsa_speed) against
OpenSSL 4 in this process (the `cryptography` wheel) and the system OpenSSL 3 (`openssl speed`).

A benchmark, never a test. Every side is timed on the same keys' sizes (2048/3072/4096 by
default), in CPU time of the timing thread where it can be (openssl speed's default); the
machine may be shared, so each figure is a median of several samples and the ratios are
ratios of medians. Usage: rsa_vs_openssl.py [--build DIR] [--seconds N] [--sizes 2048 3072]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def cryptography_rates(bits, samples=7, min_seconds=0.3):
    """Median sign and verify ops/s of OpenSSL via `cryptography` (thread CPU time)."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
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


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(here, "..", "..", "build"))
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--sizes", type=int, nargs="+", default=[2048, 3072, 4096])
    args = ap.parse_args()
    ours = dstu_rates(args.build)
    ossl3 = openssl_speed_rates(args.sizes, args.seconds)
    print(f"{'bits':>5} {'op':>7} {'dstu 1T':>9} {'dstu 2T':>9} {'OpenSSL4':>9} {'OpenSSL3':>9}"
          f" {'x OSSL4':>8} {'x OSSL3':>8} {'2T/1T':>6}")
    for bits in args.sizes:
        if bits not in ours:
            continue
        s1, s2, v = ours[bits]
        c_sign, c_verify = cryptography_rates(bits)
        o_sign, o_verify = ossl3.get(bits, (float("nan"), float("nan")))
        print(f"{bits:>5} {'sign':>7} {s1:>9.0f} {s2:>9.0f} {c_sign:>9.0f} {o_sign:>9.0f}"
              f" {s1 / c_sign:>8.2f} {s1 / o_sign:>8.2f} {s2 / s1:>6.2f}")
        print(f"{bits:>5} {'verify':>7} {v:>9.0f} {'':>9} {c_verify:>9.0f} {o_verify:>9.0f}"
              f" {v / c_verify:>8.2f} {v / o_verify:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
