#!/usr/bin/env python3
"""Checks test-vectors/ecdsa/rfc6979_binary.vec (RFC 6979 Appendix A.2.8 to A.2.17, deterministic
ECDSA on the NIST binary curves) without our library: pure Python GF(2^m) arithmetic, hashlib, hmac.

For every vector: the fields' form and lengths, 0 < D, K, R, S < q, Q on the curve and Q = D*G,
K = the nonce of RFC 6979 section 3.2 for D and Hash(Msg) (HMAC_DRBG recomputed here),
R = x(K*G) mod q, S = K^-1 (e + D*R) mod q, and the ECDSA verification equation with Q.
For every curve: G on the curve, q*G = O, and its eight vectors (SHA-224/256/384/512 for
"sample" and for "test") present once each.

Curve parameters: FIPS 186-4 Appendix D.1.3 (= SEC 2 sect163k1 ... sect571r1), copied from
`openssl ecparam -name <sect...> -param_enc explicit -text -noout`.

Usage (from the top of the checkout):
    python3 tests/ecdsa/check_rfc6979_binary.py test-vectors/ecdsa/rfc6979_binary.vec
Exit status: 0 when every vector verifies, 1 when any check fails, 2 on usage or a malformed file.
Standard library only."""
import hashlib
import hmac
import re
import sys


def poly(*exps):
    return sum(1 << e for e in exps)


# name: (SEC 2 name, m, reduction polynomial f, a, b, Gx, Gy, order q, cofactor)
CURVES = {
    "K-163": ("sect163k1", 163, poly(163, 7, 6, 3, 0), 1, 1,
              0x2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8,
              0x289070fb05d38ff58321f2e800536d538ccdaa3d9,
              0x4000000000000000000020108a2e0cc0d99f8a5ef, 2),
    "K-233": ("sect233k1", 233, poly(233, 74, 0), 0, 1,
              0x17232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126,
              0x1db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3,
              0x8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf, 4),
    "K-283": ("sect283k1", 283, poly(283, 12, 7, 5, 0), 0, 1,
              0x503213f78ca44883f1a3b8162f188e553cd265f23c1567a16876913b0c2ac2458492836,
              0x1ccda380f1c9e318d90f95d07e5426fe87e45c0e8184698e45962364e34116177dd2259,
              0x1ffffffffffffffffffffffffffffffffffe9ae2ed07577265dff7f94451e061e163c61, 4),
    "K-409": ("sect409k1", 409, poly(409, 87, 0), 0, 1,
              0x60f05f658f49c1ad3ab1890f7184210efd0987e307c84c27accfb8f9f67cc2c460189eb5aaaa62ee222eb1b35540cfe9023746,
              0x1e369050b7c4e42acba1dacbf04299c3460782f918ea427e6325165e9ea10e3da5f6c42e9c55215aa9ca27a5863ec48d8e0286b,
              0x7ffffffffffffffffffffffffffffffffffffffffffffffffffe5f83b2d4ea20400ec4557d5ed3e3e7ca5b4b5c83b8e01e5fcf, 4),
    "K-571": ("sect571k1", 571, poly(571, 10, 5, 2, 0), 0, 1,
              0x26eb7a859923fbc82189631f8103fe4ac9ca2970012d5d46024804801841ca44370958493b205e647da304db4ceb08cbbd1ba39494776fb988b47174dca88c7e2945283a01c8972,
              0x349dc807f4fbf374f4aeade3bca95314dd58cec9f307a54ffc61efc006d8a2c9d4979c0ac44aea74fbebbb9f772aedcb620b01a7ba7af1b320430c8591984f601cd4c143ef1c7a3,
              0x20000000000000000000000000000000000000000000000000000000000000000000000131850e1f19a63e4b391a8db917f4138b630d84be5d639381e91deb45cfe778f637c1001, 4),
    "B-163": ("sect163r2", 163, poly(163, 7, 6, 3, 0), 1,
              0x20a601907b8c953ca1481eb10512f78744a3205fd,
              0x3f0eba16286a2d57ea0991168d4994637e8343e36,
              0x0d51fbc6c71a0094fa2cdd545b11c5c0c797324f1,
              0x40000000000000000000292fe77e70c12a4234c33, 2),
    "B-233": ("sect233r1", 233, poly(233, 74, 0), 1,
              0x066647ede6c332c7f8c0923bb58213b333b20e9ce4281fe115f7d8f90ad,
              0x0fac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b,
              0x1006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052,
              0x1000000000000000000000000000013e974e72f8a6922031d2603cfe0d7, 2),
    "B-283": ("sect283r1", 283, poly(283, 12, 7, 5, 0), 1,
              0x27b680ac8b8596da5a4af8a19a0303fca97fd7645309fa2a581485af6263e313b79a2f5,
              0x5f939258db7dd90e1934f8c70b0dfec2eed25b8557eac9c80e2e198f8cdbecd86b12053,
              0x3676854fe24141cb98fe6d4b20d02b4516ff702350eddb0826779c813f0df45be8112f4,
              0x3ffffffffffffffffffffffffffffffffffef90399660fc938a90165b042a7cefadb307, 2),
    "B-409": ("sect409r1", 409, poly(409, 87, 0), 1,
              0x21a5c2c8ee9feb5c4b9a753b7b476b7fd6422ef1f3dd674761fa99d6ac27c8a9a197b272822f6cd57a55aa4f50ae317b13545f,
              0x15d4860d088ddb3496b0c6064756260441cde4af1771d4db01ffe5b34e59703dc255a868a1180515603aeab60794e54bb7996a7,
              0x61b1cfab6be5f32bbfa78324ed106a7636b9c5a7bd198d0158aa4f5488d08f38514f1fdf4b4f40d2181b3681c364ba0273c706,
              0x10000000000000000000000000000000000000000000000000001e2aad6a612f33307be5fa47c3c9e052f838164cd37d9a21173, 2),
    "B-571": ("sect571r1", 571, poly(571, 10, 5, 2, 0), 1,
              0x2f40e7e2221f295de297117b7f3d62f5c6a97ffcb8ceff1cd6ba8ce4a9a18ad84ffabbd8efa59332be7ad6756a66e294afd185a78ff12aa520e4de739baca0c7ffeff7f2955727a,
              0x303001d34b856296c16c0d40d3cd7750a93d1d2955fa80aa5f40fc8db7b2abdbde53950f4c0d293cdd711a35b67fb1499ae60038614f1394abfa3b4c850d927e1e7769c8eec2d19,
              0x37bf27342da639b6dccfffeb73d69d78c6c27a6009cbbca1980f8533921e8a684423e43bab08a576291af8f461bb2a8b3531d2f0485c19b16e2f1516e23dd3c1a4827af1b8ac15b,
              0x3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe661ce18ff55987308059b186823851ec7dd9ca1161de93d5174d66e8382e9bb2fe84e47, 2),
}

HASHES = ("sha224", "sha256", "sha384", "sha512")
MESSAGES = (b"sample", b"test")


class Field:
    """GF(2^m) with the polynomial basis of f; elements are ints below 2^m."""

    def __init__(self, m, f):
        self.m, self.f = m, f
        self.low = f ^ (1 << m)  # f - x^m: the few low terms used to fold high bits down
        self.low_exps = [i for i in range(m) if self.low >> i & 1]
        self.mask = (1 << m) - 1

    def reduce(self, c):
        m = self.m
        while c >> m:
            hi = c >> m
            c &= self.mask
            for e in self.low_exps:
                c ^= hi << e
        return c

    def mul(self, a, b):
        if a == 0 or b == 0:
            return 0
        table = [0] * 16  # a * i for every 4-bit i
        for i in range(1, 16):
            table[i] = table[i & (i - 1)] ^ (a << ((i & -i).bit_length() - 1))
        r = 0
        for shift in range((b.bit_length() + 3) // 4 * 4 - 4, -1, -4):
            r = (r << 4) ^ table[(b >> shift) & 15]
        return self.reduce(r)

    def sqr(self, a):
        return self.mul(a, a)

    def inv(self, a):
        if a == 0:
            raise ZeroDivisionError("inverse of 0 in GF(2^m)")
        u, v, g1, g2 = a, self.f, 1, 0
        while u != 1:
            j = u.bit_length() - v.bit_length()
            if j < 0:
                u, v, g1, g2, j = v, u, g2, g1, -j
            u ^= v << j
            g1 ^= g2 << j
        return self.reduce(g1)


class BinaryCurve:
    """y^2 + xy = x^3 + a x^2 + b over GF(2^m); None is the point at infinity."""

    def __init__(self, name):
        (self.sec_name, m, f, self.a, self.b, gx, gy, self.q, self.h) = CURVES[name]
        self.name, self.F = name, Field(m, f)
        self.G = (gx, gy)
        self.qlen = self.q.bit_length()
        self.coord_len = (m + 7) // 8
        self.order_len = (self.qlen + 7) // 8

    def on_curve(self, P):
        if P is None:
            return True
        F, (x, y) = self.F, P
        if x >> F.m or y >> F.m:
            return False
        x2 = F.sqr(x)
        return F.sqr(y) ^ F.mul(x, y) == F.mul(x2, x) ^ F.mul(self.a, x2) ^ self.b

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        F, (x1, y1), (x2, y2) = self.F, P, Q
        if x1 == x2:
            if y1 == y2:
                return self.double(P)
            return None  # Q = -P = (x1, x1 + y1)
        lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))
        x3 = F.sqr(lam) ^ lam ^ x1 ^ x2 ^ self.a
        y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1
        return (x3, y3)

    def double(self, P):
        if P is None:
            return None
        F, (x1, y1) = self.F, P
        if x1 == 0:
            return None
        lam = x1 ^ F.mul(y1, F.inv(x1))
        x3 = F.sqr(lam) ^ lam ^ self.a
        y3 = F.sqr(x1) ^ F.mul(lam ^ 1, x3)
        return (x3, y3)

    def mul(self, k, P):
        R = None
        for bit in bin(k)[2:] if k > 0 else "":
            R = self.double(R)
            if bit == "1":
                R = self.add(R, P)
        return R


# RFC 6979 section 2.3 and 3.2 ------------------------------------------------------------------

def bits2int(data, qlen):
    v = int.from_bytes(data, "big")
    blen = 8 * len(data)
    return v >> (blen - qlen) if blen > qlen else v


def int2octets(x, rlen_bytes):
    return x.to_bytes(rlen_bytes, "big")


def rfc6979_k(curve, d, digest, hash_name):
    q, qlen, rlen = curve.q, curve.qlen, curve.order_len
    hlen = hashlib.new(hash_name).digest_size

    def mac(key, data):
        return hmac.new(key, data, hash_name).digest()

    bx = int2octets(d, rlen) + int2octets(bits2int(digest, qlen) % q, rlen)
    V, K = b"\x01" * hlen, b"\x00" * hlen
    K = mac(K, V + b"\x00" + bx)
    V = mac(K, V)
    K = mac(K, V + b"\x01" + bx)
    V = mac(K, V)
    while True:
        T = b""
        while 8 * len(T) < qlen:
            V = mac(K, V)
            T += V
        k = bits2int(T, qlen)
        if 1 <= k < q:
            return k
        K = mac(K, V + b"\x00")
        V = mac(K, V)


# The .vec reader: the rules of tests/support/vec.cpp ---------------------------------------------

class FormatError(Exception):
    pass


def load_vectors(path):
    vectors, source, section, cur = [], "", "", None

    def flush():
        nonlocal cur
        if cur is None:
            return
        if not cur["source"]:
            raise FormatError(f"{path}:{cur['line']}: vector without a '# Source:' line")
        vectors.append(cur)
        cur = None

    with open(path, encoding="ascii") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.strip(" \t\r\n")
            if not line:
                flush()
            elif line.startswith("# Source:"):
                flush()
                source = line[len("# Source:"):].strip()
            elif line.startswith("#"):
                continue
            elif line.startswith("[") and line.endswith("]"):
                flush()
                section = line[1:-1]
            else:
                if "=" not in line:
                    raise FormatError(f"{path}:{lineno}: expected 'Key = value'")
                key, value = (s.strip() for s in line.split("=", 1))
                if cur is None:
                    cur = {"line": lineno, "section": section, "source": source, "fields": {}}
                if key in cur["fields"]:
                    raise FormatError(f"{path}:{lineno}: field '{key}' given twice")
                cur["fields"][key] = value
    flush()
    if not vectors:
        raise FormatError(f"{path}: no vectors")
    return vectors


# The checks ------------------------------------------------------------------------------------

HEX = re.compile(r"^[0-9a-f]+$")


def check_vector(v, curve, pub_cache):
    """Returns a list of failure messages (empty when the vector is right)."""
    errs = []
    f = v["fields"]
    for key in ("D", "Q", "Hash", "Msg", "K", "R", "S"):
        if key not in f:
            return [f"no field '{key}'"]
    for key in ("D", "Q", "Msg", "K", "R", "S"):
        if not HEX.match(f[key]):
            errs.append(f"{key} is not lower-case hex")
    if errs:
        return errs
    for key in ("D", "K"):  # minimal hex, as in rfc6979.vec
        if f[key].startswith("0"):
            errs.append(f"{key} has a leading zero digit")
    for key in ("R", "S"):
        if len(f[key]) != 2 * curve.order_len:
            errs.append(f"{key} has {len(f[key])} hex digits, not 2*ceil(qlen/8) = {2 * curve.order_len}")
    if len(f["Q"]) != 2 + 4 * curve.coord_len or not f["Q"].startswith("04"):
        errs.append(f"Q is not 04 || X || Y with {curve.coord_len}-octet coordinates")
    if len(f["Msg"]) % 2:
        errs.append("Msg has an odd number of hex digits")
    if f["Hash"] not in HASHES:
        errs.append(f"Hash '{f['Hash']}' is not one of {', '.join(HASHES)}")
    if errs:
        return errs

    q = curve.q
    d, k, r, s = (int(f[key], 16) for key in ("D", "K", "R", "S"))
    for key, val in (("D", d), ("K", k), ("R", r), ("S", s)):
        if not 0 < val < q:
            errs.append(f"{key} is not in [1, q-1]")
    if errs:
        return errs

    L = curve.coord_len
    qb = bytes.fromhex(f["Q"])
    Q = (int.from_bytes(qb[1:1 + L], "big"), int.from_bytes(qb[1 + L:], "big"))
    if not curve.on_curve(Q):
        return ["Q is not on the curve"]
    if d not in pub_cache:
        pub_cache[d] = curve.mul(d, curve.G)
    if pub_cache[d] != Q:
        errs.append("Q != D*G")

    digest = hashlib.new(f["Hash"], bytes.fromhex(f["Msg"])).digest()
    k_rfc = rfc6979_k(curve, d, digest, f["Hash"])
    if k_rfc != k:
        errs.append(f"K is not the RFC 6979 nonce (recomputed {k_rfc:x})")

    kG = curve.mul(k, curve.G)
    if kG is None or kG[0] % q != r:
        errs.append("R != x(K*G) mod q")
    e = bits2int(digest, curve.qlen)
    if s != pow(k, -1, q) * (e + d * r) % q:
        errs.append("S != K^-1 (e + D*R) mod q")

    w = pow(s, -1, q)
    X = curve.add(curve.mul(e * w % q, curve.G), curve.mul(r * w % q, Q))
    if X is None or X[0] % q != r:
        errs.append("ECDSA verification of (R, S) with Q fails")
    return errs


def check_curve(curve):
    errs = []
    if not curve.on_curve(curve.G):
        errs.append("G is not on the curve")
    elif curve.mul(curve.q, curve.G) is not None:
        errs.append("q*G is not the point at infinity")
    return errs


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} test-vectors/ecdsa/rfc6979_binary.vec", file=sys.stderr)
        return 2
    path = argv[1]
    try:
        vectors = load_vectors(path)
    except (OSError, UnicodeDecodeError, FormatError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    failures = 0
    curves, seen, pub_cache = {}, {}, {}
    for v in vectors:
        where = f"{path}:{v['line']} [{v['section']}] ({v['source']})"
        name = v["section"]
        if name not in CURVES:
            print(f"FAIL {where}: section '{name}' is not a NIST binary curve", file=sys.stderr)
            failures += 1
            continue
        if name not in curves:
            curves[name] = BinaryCurve(name)
            for msg in check_curve(curves[name]):
                print(f"FAIL [{name}] curve parameters: {msg}", file=sys.stderr)
                failures += 1
        errs = check_vector(v, curves[name], pub_cache.setdefault(name, {}))
        for msg in errs:
            print(f"FAIL {where}: {msg}", file=sys.stderr)
        failures += bool(errs)
        combo = (v["fields"].get("Hash"), v["fields"].get("Msg"))
        seen.setdefault(name, []).append(combo)

    expected = sorted((h, m.hex()) for h in HASHES for m in MESSAGES)
    for name in CURVES:
        got = seen.get(name, [])
        missing = [c for c in expected if c not in got]
        extra = sorted(c for c in set(got) if got.count(c) > 1 or c not in expected)
        for h, m in missing:
            print(f"FAIL [{name}]: no vector for {h}, Msg = {m} ({bytes.fromhex(m).decode()!r})", file=sys.stderr)
        for h, m in extra:
            print(f"FAIL [{name}]: unexpected or repeated vector for {h}, Msg = {m}", file=sys.stderr)
        failures += len(missing) + len(extra)

    counts = ", ".join(f"{n} {len(seen.get(n, []))}" for n in CURVES)
    if failures:
        print(f"{path}: {failures} failure(s) in {len(vectors)} vectors ({counts})", file=sys.stderr)
        return 1
    print(f"{path}: all {len(vectors)} vectors verify ({counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
