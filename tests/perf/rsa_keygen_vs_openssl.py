#!/usr/bin/env python3
"""RSA key generation: `dstu keygen --algo rsa` against `openssl genpkey`, whole commands.

A benchmark, never a test. Generates KEYS keys of BITS bits with each tool, alternating
one key of each so that both see the same load, and prints each side's mean, median and
standard deviation of the wall time and the ratio of the means (dstu / openssl: lower is
better; the issue asks <= 0.8 at 3072 bits over 50 keys). Each run is a whole process
(start, generate, write the files), as a user or script runs it.
Usage: rsa_keygen_vs_openssl.py [--build DIR] [--bits 3072] [--keys 50]
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def timed(args):
    t0 = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(here, "..", "..", "build"))
    ap.add_argument("--bits", type=int, default=3072)
    ap.add_argument("--keys", type=int, default=50)
    a = ap.parse_args()
    dstu = os.path.join(a.build, "cli", "dstu")
    ours, theirs = [], []
    with tempfile.TemporaryDirectory() as d:
        for i in range(a.keys):
            for f in ("d.key", "d.key.pub", "o.pem"):
                if os.path.exists(os.path.join(d, f)):
                    os.remove(os.path.join(d, f))
            ours.append(timed([dstu, "keygen", "--algo", "rsa", "--bits", str(a.bits), "--no-passphrase",
                               "-o", os.path.join(d, "d.key")]))
            theirs.append(timed(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt",
                                 f"rsa_keygen_bits:{a.bits}", "-out", os.path.join(d, "o.pem")]))
    version = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
    for name, xs in (("dstu", ours), (version, theirs)):
        print(f"{name}: {a.keys} keys of {a.bits} bits: mean {statistics.mean(xs) * 1e3:.0f} ms, median "
              f"{statistics.median(xs) * 1e3:.0f} ms, sd {statistics.stdev(xs) * 1e3:.0f} ms")
    print(f"ratio of means dstu / openssl: {statistics.mean(ours) / statistics.mean(theirs):.2f}")


if __name__ == "__main__":
    main()
