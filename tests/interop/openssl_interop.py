#!/usr/bin/env python3
"""ECDSA both ways between dstu and the openssl command line, on every curve OpenSSL has: the GF(p)
curves and the NIST binary curves B-163 ... B-571, K-163 ... K-571 (SEC 2's sect*).

For each curve: a key from `openssl genpkey` (PKCS#8, PEM and DER), its SEC 1 forms and one
from `openssl ecparam -genkey` (an EC PARAMETERS block before the key) sign in dstu
(DER and P1363 signatures) and verify in `openssl dgst -verify` (DER) and in dstu; a key
from `dstu keygen` signs in `openssl dgst -sign` and the signature verifies in dstu; dstu's
key files are read by `openssl pkey` and give the same public key; a changed message is
INVALID (exit 1) on both sides. Exit 77 (skipped) without openssl.
Usage: openssl_interop.py DSTU_BINARY WORK_DIR"""
import os
import shutil
import subprocess
import sys

CURVES = [("P-192", "prime192v1"), ("P-224", "secp224r1"), ("P-256", "prime256v1"), ("P-384", "secp384r1"),
          ("P-521", "secp521r1")] + [(f"brainpoolP{b}{t}", f"brainpoolP{b}{t}")
                                     for b in (160, 192, 224, 256, 320, 384, 512) for t in ("r1", "t1")] + \
         [(f"B-{m}", f"sect{m}r{1 if m != 163 else 2}") for m in (163, 233, 283, 409, 571)] + \
         [(f"K-{m}", f"sect{m}k1") for m in (163, 233, 283, 409, 571)]


def run(args, ok=(0,)):
    p = subprocess.run(args, capture_output=True)
    if p.returncode not in ok:
        raise SystemExit(f"FAIL: {' '.join(args)} -> {p.returncode}\n{p.stdout.decode()}{p.stderr.decode()}")
    return p


def hash_for(bits):
    return "sha256" if bits <= 256 else "sha384" if bits <= 384 else "sha512"


def main():
    dstu, work = sys.argv[1], sys.argv[2]
    if shutil.which("openssl") is None:
        print("openssl not found: skipped")
        return 77
    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    msg, other = "msg", "other"
    with open(msg, "wb") as f:
        f.write(b"interoperability of dstu and OpenSSL\n" * 100)
    with open(other, "wb") as f:
        f.write(b"another message\n")
    checks = 0
    for name, oname in CURVES:
        for f in os.listdir("."):
            if f not in (msg, other):
                os.remove(f)
        bits = int(run([dstu, "keygen", "--list-curves", "--json"]).stdout.decode().split(f'"name":"{name}"')[1]
                   .split('"order_bits":')[1].split(",")[0].rstrip("}"))
        h = hash_for(bits)
        # OpenSSL's key signs in dstu; OpenSSL and dstu verify.
        run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", f"ec_paramgen_curve:{oname}", "-out", "o.key"])
        os.chmod("o.key", 0o600)
        run(["openssl", "ec", "-in", "o.key", "-out", "o.sec1"])
        run(["openssl", "ec", "-in", "o.key", "-outform", "DER", "-out", "o.sec1.der"])
        run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "o.key", "-outform", "DER", "-out", "o.p8.der"])
        for f in ("o.sec1", "o.sec1.der", "o.p8.der"):
            os.chmod(f, 0o600)
        run(["openssl", "pkey", "-in", "o.key", "-pubout", "-out", "o.pub"])
        for key in ("o.key", "o.sec1", "o.sec1.der", "o.p8.der"):
            run([dstu, "sign", "-q", "-k", key, "--sig-format", "der", "-o", "d.der", "--force", msg])
            run(["openssl", "dgst", f"-{h}", "-verify", "o.pub", "-signature", "d.der", msg])
            run(["openssl", "dgst", f"-{h}", "-verify", "o.pub", "-signature", "d.der", other], ok=(1,))
            run([dstu, "sign", "-q", "-k", key, "--sig-format", "p1363", "-o", "d.p1363", "--force", msg])
            run([dstu, "verify", "-q", "-p", "o.pub", "--sig-format", "p1363", "--sig", "d.p1363", msg])
            checks += 3
        # A key from `openssl ecparam -genkey`, its EC PARAMETERS block before the key, signs.
        run(["openssl", "ecparam", "-name", oname, "-genkey", "-out", "e.key"])
        os.chmod("e.key", 0o600)
        run(["openssl", "pkey", "-in", "e.key", "-pubout", "-out", "e.pub"])
        run([dstu, "sign", "-q", "-k", "e.key", "--sig-format", "der", "-o", "e.der", msg])
        run(["openssl", "dgst", f"-{h}", "-verify", "e.pub", "-signature", "e.der", msg])
        checks += 1
        # OpenSSL signs; dstu verifies (and refuses another message).
        run(["openssl", "dgst", f"-{h}", "-sign", "o.key", "-out", "o.sig", msg])
        run([dstu, "verify", "-q", "-p", "o.pub", "--sig-format", "der", "--sig", "o.sig", msg])
        run([dstu, "verify", "-q", "-p", "o.pub", "--sig-format", "der", "--sig", "o.sig", other], ok=(1,))
        # dstu's keys: OpenSSL reads them (same public key) and signs with the private one.
        run([dstu, "keygen", "-q", "--curve", name, "--no-passphrase", "-o", "d.key"])
        same = run(["openssl", "pkey", "-in", "d.key", "-pubout"]).stdout == open("d.key.pub", "rb").read()
        if not same:
            raise SystemExit(f"FAIL: {name}: openssl's public key of dstu's private key differs from d.key.pub")
        run(["openssl", "dgst", f"-{h}", "-sign", "d.key", "-out", "o2.sig", msg])
        run([dstu, "verify", "-q", "-p", "d.key.pub", "--sig-format", "der", "--sig", "o2.sig", msg])
        run([dstu, "sign", "-q", "-k", "d.key", "--deterministic", "--sig-format", "der", "-o", "d2.der", msg])
        run(["openssl", "dgst", f"-{h}", "-verify", "d.key.pub", "-signature", "d2.der", msg])
        checks += 5
        print(f"{name}: ok")
    print(f"{checks} checks on {len(CURVES)} curves passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
