#!/usr/bin/env python3
"""The NIST binary curves of lib/ec2m/src/nist_curves.cpp against OpenSSL's own tables.

For every curve, `openssl ecparam -name <SEC 2 alias> -param_enc explicit -outform DER`
gives the explicit ECParameters of SEC 1 v2.0 §C.2 / RFC 3279 §2.3.5 (field polynomial,
a, b, the uncompressed base point, n, h), and `-outform DER` without -param_enc gives
the named-curve OID; each is compared with the numbers and the OID in our source file,
which this script reads as text. Exit 0 when all agree, 1 on a difference, 77 (skipped)
without openssl or when its build has no binary curves.
Usage: nist_params_openssl.py [path/to/nist_curves.cpp]"""
import os
import re
import shutil
import subprocess
import sys

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib", "ec2m", "src", "nist_curves.cpp")
CHAR2_FIELD = "1.2.840.10045.1.2"  # X9.62 characteristic-two-field
TP_BASIS, PP_BASIS = "1.2.840.10045.1.2.3.2", "1.2.840.10045.1.2.3.3"
ENTRY = re.compile(r'\{\{"([^"]+)",\s*"([^"]+)",\s*\{"([^"]+)"\},\s*curve::Family::\w+\},\s*\{([\d,\s]+)\},'
                   r'\s*(\d),\s*"(\w+)",\s*"(\w+)",\s*"(\w+)",\s*"(\w+)",\s*(\d+)\}')


def read_specs(path):
    """The curve table of nist_curves.cpp: comments dropped, adjacent literals joined."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"//[^\n]*", "", f.read())
    text = re.sub(r'"\s+"', "", text)
    specs = []
    for m in ENTRY.finditer(text):
        specs.append({"name": m[1], "oid": m[2], "alias": m[3], "exponents": [int(e) for e in m[4].split(",")],
                      "a": int(m[5]), "b": int(m[6], 16), "n": int(m[7], 16), "gx": int(m[8], 16), "gy": int(m[9], 16),
                      "h": int(m[10])})
    return specs


def tlv(buf, i):
    """One DER element at buf[i]: (tag, contents, index after it)."""
    tag, length, i = buf[i], buf[i + 1], i + 2
    if length & 0x80:
        count = length & 0x7F
        length, i = int.from_bytes(buf[i:i + count], "big"), i + count
    return tag, buf[i:i + length], i + length


def children(buf):
    out, i = [], 0
    while i < len(buf):
        tag, value, i = tlv(buf, i)
        out.append((tag, value))
    return out


def oid_text(value):
    first, arcs, acc = value[0], [], 0
    arcs += [first // 40, first % 40] if first < 80 else [2, first - 80]
    for b in value[1:]:
        acc = (acc << 7) | (b & 0x7F)
        if not b & 0x80:
            arcs.append(acc)
            acc = 0
    return ".".join(map(str, arcs))


def openssl_der(args):
    p = subprocess.run(["openssl", "ecparam", *args, "-outform", "DER"], capture_output=True)
    return p.stdout if p.returncode == 0 else None


def explicit_params(der):
    """SEC 1 §C.2 ECParameters, characteristic-two field: a dict of the same keys as read_specs."""
    _, body, _ = tlv(der, 0)
    parts = children(body)
    field = children(parts[1][1])
    assert oid_text(field[0][1]) == CHAR2_FIELD, "not a characteristic-two field"
    char2 = children(field[1][1])
    m, basis = int.from_bytes(char2[0][1], "big"), oid_text(char2[1][1])
    if basis == TP_BASIS:
        middle = [int.from_bytes(char2[2][1], "big")]
    elif basis == PP_BASIS:
        middle = [int.from_bytes(v, "big") for _, v in children(char2[2][1])]
    else:
        raise AssertionError(f"unexpected basis {basis}")
    curve = children(parts[2][1])
    point = parts[3][1]
    size = (m + 7) // 8
    assert point[0] == 4 and len(point) == 1 + 2 * size, "base point not uncompressed"
    return {"exponents": sorted([m, *middle, 0], reverse=True), "a": int.from_bytes(curve[0][1], "big"),
            "b": int.from_bytes(curve[1][1], "big"), "gx": int.from_bytes(point[1:1 + size], "big"),
            "gy": int.from_bytes(point[1 + size:], "big"), "n": int.from_bytes(parts[4][1], "big"),
            "h": int.from_bytes(parts[5][1], "big")}


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    if shutil.which("openssl") is None:
        print("openssl not found: skipped")
        return 77
    if openssl_der(["-name", "sect163k1"]) is None:
        print("this openssl has no binary curves (no-ec2m): skipped")
        return 77
    specs = read_specs(source)
    if len(specs) != 10:
        print(f"FAIL: read {len(specs)} curves from {source}, expected 10")
        return 1
    failures = 0
    for s in specs:
        before = failures
        theirs = explicit_params(openssl_der(["-name", s["alias"], "-param_enc", "explicit"]))
        named = openssl_der(["-name", s["alias"]])
        theirs["oid"] = oid_text(tlv(named, 0)[1])
        for key in ("oid", "exponents", "a", "b", "gx", "gy", "n", "h"):
            ours = s[key]
            if key in ("b", "gx", "gy", "n"):
                ours, theirs[key] = hex(ours), hex(theirs[key])
            if ours != theirs[key]:
                print(f"FAIL {s['name']} ({s['alias']}) {key}: ours {ours}, openssl {theirs[key]}")
                failures += 1
        print(f"{s['name']} = {s['alias']} ({s['oid']}): {'ok' if failures == before else 'DIFFERENT'}")
    print(f"{len(specs)} curves, {failures} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
