#!/usr/bin/env python3
"""Interoperability tests of the two independent peers (BouncyCastle "bc", jkurwa "jk").

    interop_tests.py SUITE [--work DIR]

Each SUITE is one ctest test (tests/interop/CMakeLists.txt). The peers are driven only through
run-peer.sh: each suite sends its requests to one `run-peer.sh PEER serve` process per peer (class
Peer). A peer that dies or breaks that protocol fails the suite at once. Python 3 standard
library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "run-peer.sh")
FIXTURES = os.path.join(HERE, "fixtures")
CURVE_OID = "1.2.804.2.1.1.1.1.3.1.1.2.%d"
CURVES = [163, 167, 173, 179, 191, 233, 257, 307, 367, 431]
LE = "GOST3411WITHDSTU4145LE"
BE = "GOST3411WITHDSTU4145"
# A fixed nonce below 2^(L(n)-1) for every curve (L(n) >= 163): 2^160 - 1 minus a little.
NONCE = "%040x" % ((1 << 160) - 0x1234567)


class PeerError(Exception):
    """A peer process that died or broke the serve protocol: the suite fails at once."""


class Peer:
    """One process of a peer (run-peer.sh PEER serve) that answers every request of a suite:
    each JVM start and BouncyCastle set-up costs about half a second, and the suites make
    hundreds of requests."""

    HEADER = re.compile(rb"(\d+) (\d+) (\d+)\n")

    def __init__(self, peer):
        self.peer = peer
        self.log = tempfile.TemporaryFile()  # the driver's and the runtime's own messages
        self.p = subprocess.Popen([DRIVER, peer, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.log)

    def fail(self, what):
        """Ends the peer and raises PeerError with what went wrong and its messages."""
        self.p.kill()
        self.p.wait()
        self.log.seek(0)
        messages = self.log.read().decode(errors="replace").strip()
        raise PeerError("%s peer (run-peer.sh %s serve, exit %s): %s%s" % (
            self.peer, self.peer, self.p.returncode, what, ("\n" + messages) if messages else ""))

    def request(self, args):
        """Returns (exit status, stdout, stderr) of one request, as run-peer.sh PEER ARGS... would."""
        if any(c in a for a in args for c in "\t\r\n"):
            raise ValueError("a peer request's argument holds a TAB, CR or LF: %r" % (args,))
        try:
            self.p.stdin.write(("\t".join(args) + "\n").encode())
            self.p.stdin.flush()
        except BrokenPipeError:
            self.fail("exited before %r" % (args,))
        header = self.p.stdout.readline(64)  # a header is far shorter; fullmatch refuses a cut one
        m = self.HEADER.fullmatch(header)
        if not m:
            self.fail("answered %r with %r, not STATUS OUT ERR" % (args, header[:200]))
        rc, n_out, n_err = (int(x) for x in m.groups())
        out, err = self.p.stdout.read(n_out), self.p.stdout.read(n_err)
        if len(out) != n_out or len(err) != n_err:
            self.fail("cut its answer to %r short (%d + %d of %d + %d octets)" % (args, len(out), len(err),
                                                                                 n_out, n_err))
        return rc, out.decode(), err.decode()

    def close(self):
        """Ends stdin, so that the peer ends; kills one that does not within 10 s."""
        if self.p.poll() is None:
            try:
                self.p.stdin.close()
            except BrokenPipeError:
                pass
            self.p.stdout.close()  # a peer still writing gets EPIPE rather than block
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
        self.log.close()


class Suite:
    def __init__(self, work):
        self.work = work
        self.passed = 0
        self.failed = 0
        self.calls = 0
        self.seconds = {}
        self.peers = {}

    def close(self):
        for peer in self.peers.values():
            peer.close()

    def path(self, name):
        return os.path.join(self.work, name)

    def fixture(self, name):
        return os.path.join(FIXTURES, name)

    def write(self, name, data):
        p = self.path(name)
        with open(p, "wb") as f:
            f.write(data)
        return p

    def read(self, path):
        with open(path, "rb") as f:
            return f.read()

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print("ok    " + what)
        else:
            self.failed += 1
            print("FAIL  " + what + (("\n      " + detail.strip().replace("\n", "\n      ")) if detail else ""))
        return ok

    def run(self, peer, verb, *args):
        """Runs one verb of a peer; returns (exit status, stdout, stderr)."""
        if peer not in self.peers:
            t = time.monotonic()
            self.peers[peer] = Peer(peer)
            self.peers[peer].request(["version"])  # the start, timed apart from the verbs
            self.seconds["%s start" % peer] = (1, time.monotonic() - t)
        t = time.monotonic()
        rc, out, err = self.peers[peer].request([verb] + list(args))
        dt = time.monotonic() - t
        self.calls += 1
        key = "%s %s" % (peer, verb)
        n, total = self.seconds.get(key, (0, 0.0))
        self.seconds[key] = (n + 1, total + dt)
        return rc, out, err

    def expect(self, rc_wanted, what, peer, verb, *args):
        rc, out, err = self.run(peer, verb, *args)
        self.check(rc == rc_wanted, "%s: %s %s -> %d" % (what, peer, verb, rc_wanted),
                   "exit %d\n%s%s" % (rc, out, err))
        return rc == rc_wanted, out

    def dstu(self, want, what, *args):
        """Runs our dstu binary (path in $DSTU); checks the exit status."""
        exe = os.environ.get("DSTU")
        t = time.monotonic()
        # A session of its own: no terminal to ask a passphrase on, from a shell as in CI.
        p = subprocess.run([exe] + list(args), capture_output=True, text=True, stdin=subprocess.DEVNULL,
                           start_new_session=True)
        n, total = self.seconds.get("dstu", (0, 0.0))
        self.seconds["dstu"] = (n + 1, total + time.monotonic() - t)
        self.calls += 1
        self.check(p.returncode == want, "%s: dstu %s -> %d" % (what, args[0], want),
                   "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
        return p.returncode == want, p.stdout

    def pubinfo(self, peer, kind, path):
        rc, out, err = self.run(peer, "pubinfo", "--" + kind, path)
        if rc != 0:
            self.check(False, "%s pubinfo --%s %s" % (peer, kind, os.path.basename(path)), err)
            return None
        return dict(line.split("=", 1) for line in out.split())

    def summary(self):
        for key, (n, total) in sorted(self.seconds.items()):
            print("time  %-14s %3d call(s), %.2f s each" % (key, n, total / n))
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 0 if self.failed == 0 else 1

    # ------------------------------------------------------------ helpers

    def keygen(self, peer, curve, tag, form=None, native=False):
        priv, pub = self.path(tag + ".priv.der"), self.path(tag + ".pub.der")
        args = ["--curve", "dstu%d" % curve, "--priv", priv, "--pub", pub]
        if form:
            args += ["--oid", form]
        if native:
            args.append("--native")
        ok, _ = self.expect(0, "keygen %s" % tag, peer, "keygen", *args)
        return (priv, pub) if ok else (None, None)

    def sign(self, peer, priv, msg, out, alg=LE, raw=False, digest=False, nonce=None):
        args = ["--priv", priv, "--alg", alg, "--in", msg, "--out", out]
        if raw:
            args.append("--raw")
        if digest:
            args.append("--digest")
        if nonce:
            args += ["--nonce", nonce]
        ok, _ = self.expect(0, "sign %s" % os.path.basename(out), peer, "sign", *args)
        return ok

    def verify(self, peer, pub, msg, sig, want=0, alg=LE, raw=False, digest=False, what=None):
        args = ["--pub", pub, "--alg", alg, "--in", msg, "--sig", sig]
        if raw:
            args.append("--raw")
        if digest:
            args.append("--digest")
        label = what or "verify %s with %s" % (os.path.basename(sig), os.path.basename(pub))
        ok, _ = self.expect(want, label, peer, "verify", *args)
        return ok

    def tampered(self, sig_path, name, raw):
        """A copy of the signature with one bit of r flipped (the DER header left intact)."""
        data = bytearray(self.read(sig_path))
        data[(0 if raw else 2) + 3] ^= 0x10
        return self.write(name, bytes(data))

    def same_pubinfo(self, peers, kind, path, what):
        infos = [self.pubinfo(p, kind, path) for p in peers]
        if None in infos:
            return None
        self.check(all(i == infos[0] for i in infos), "%s: %s agree on pubinfo --%s" % (what, "/".join(peers), kind),
                   "\n".join(str(i) for i in infos))
        return infos[0]


# ---------------------------------------------------------------- suites


def suite_kat(s, peer):
    """Known answers: hashes, key files, verification of published signatures, exact signing."""
    kat = json.loads(s.read(s.fixture("kat.json")))
    for h in kat["hash"]:
        msg = s.write("hash-%s.msg" % h["id"], bytes.fromhex(h["msg_hex"]))
        rc, out, err = s.run(peer, "hash", "--in", msg)
        s.check(rc == 0 and out.strip() == h["digest"], "hash %s" % h["id"], out + err)
    for k in kat["keys"]:
        for kind in ("pub", "priv"):
            if kind not in k:
                continue
            info = s.pubinfo(peer, kind, s.fixture(k[kind]))
            s.check(info is not None and info["curve"] == k["curve"] and info["q_le"] == k["q_le"],
                    "key %s: pubinfo --%s gives the published point" % (k["id"], kind), str(info))
    for v in kat["verify"]:
        pub, msg, sig = s.fixture(v["pub"]), s.fixture(v["in"]), s.fixture(v["sig"])
        s.verify(peer, pub, msg, sig, 0, raw=v["raw"], digest=v["digest"], what="KAT %s verifies" % v["id"])
        bad = s.tampered(sig, v["id"] + ".flipped", v["raw"])
        s.verify(peer, pub, msg, bad, 1, raw=v["raw"], digest=v["digest"],
                 what="KAT %s with a flipped signature bit is invalid" % v["id"])
        # flip the lowest bit of the first octet (for a digest: bit 0 of h, inside every field)
        other = s.write(v["id"] + ".othermsg", bytes([s.read(msg)[0] ^ 1]) + s.read(msg)[1:])
        s.verify(peer, pub, other, sig, 1, raw=v["raw"], digest=v["digest"],
                 what="KAT %s on a changed message is invalid" % v["id"])
    for v in kat["sign"]:
        expect = v["expect"][peer] if isinstance(v["expect"], dict) else v["expect"]
        out = s.path(v["id"] + ".%s.sig.der" % peer)
        if s.sign(peer, s.fixture(v["priv"]), s.fixture(v["in"]), out, digest=v["digest"], nonce=v["nonce"]):
            got, want = s.read(out), s.read(s.fixture(expect))
            s.check(got == want, "KAT %s: signature with the published nonce is exact" % v["id"],
                    "got  %s\nwant %s" % (got.hex(), want.hex()))
        raw = s.path(v["id"] + ".%s.sig" % peer)
        if s.sign(peer, s.fixture(v["priv"]), s.fixture(v["in"]), raw, raw=True, digest=v["digest"],
                  nonce=v["nonce"]):
            # The same r and s as the DER form, in halves of the standard length (BouncyCastle's
            # JCA octets may have shorter halves: bc-short-m163).
            got, content = s.read(raw), s.read(s.fixture(expect))[2:]
            s.check(len(got) % 2 == 0 and len(got) >= len(content) and halves_le(got) == halves_le(content),
                    "KAT %s: --raw gives r and s in the raw layout" % v["id"], "got  %s\nwant %s" % (got.hex(), content.hex()))


def halves_le(octets):
    """(r, s) of r_le || s_le split in the middle."""
    h = len(octets) // 2
    return int.from_bytes(octets[:h], "little"), int.from_bytes(octets[h:], "little")


def suite_bc_roundtrip(s):
    """BouncyCastle with itself: both key encodings, both algorithm names, raw and DER signatures."""
    msg = s.write("msg", b"interop test message\n" * 7)
    other = s.write("msg2", b"interop test message\n" * 6)
    for m in (163, 257, 431):
        # BouncyCastle's default (big-endian OID) key files
        priv, pub = s.keygen("bc", m, "bc%d-be" % m, "be")
        if priv:
            a = s.pubinfo("bc", "priv", priv)
            b = s.pubinfo("bc", "pub", pub)
            s.check(a is not None and a == b and a["alg_oid"].endswith(".1.1.1") and a["curve"] == CURVE_OID % CURVES.index(m),
                    "bc%d-be: BE OID, named curve, Q = -dP" % m, "%s\n%s" % (a, b))
            for alg in (LE, BE):
                sig = s.path("bc%d-be.%s.sig.der" % (m, alg))
                if s.sign("bc", priv, msg, sig, alg=alg):
                    s.verify("bc", pub, msg, sig, 0, alg=alg, what="bc%d-be %s verifies" % (m, alg))
            s.verify("bc", pub, msg, s.path("bc%d-be.%s.sig.der" % (m, BE)), 1, alg=LE,
                     what="bc%d-be: a BE signature is invalid under the LE name" % m)
            s.verify("bc", pub, other, s.path("bc%d-be.%s.sig.der" % (m, LE)), 1,
                     what="bc%d-be: signature on another message is invalid" % m)
        # the little-endian (UAPKI/jkurwa) key files
        priv, pub = s.keygen("bc", m, "bc%d-le" % m, "le")
        if priv:
            a = s.pubinfo("bc", "priv", priv)
            b = s.pubinfo("bc", "pub", pub)
            s.check(a is not None and a == b and a["alg_oid"] == "1.2.804.2.1.1.1.1.3.1.1",
                    "bc%d-le: LE OID, Q = -dP" % m, "%s\n%s" % (a, b))
            sig = s.path("bc%d-le.raw.sig" % m)
            if s.sign("bc", priv, msg, sig, alg=LE, raw=True):
                s.verify("bc", pub, msg, sig, 0, alg=LE, raw=True, what="bc%d-le LE raw verifies" % m)
                s.verify("bc", pub, msg, s.tampered(sig, "bc%d-le.flip" % m, True), 1, alg=LE, raw=True,
                         what="bc%d-le flipped raw signature is invalid" % m)
    # the JCA path (message) and the low-level path (--digest) encode identically
    priv, pub = s.path("bc257-le.priv.der"), s.path("bc257-le.pub.der")
    rc, out, _ = s.run("bc", "hash", "--in", msg)
    dg = s.write("msg.digest", bytes.fromhex(out.strip()))
    for alg in (LE, BE):
        a, b = s.path("jca.%s" % alg), s.path("dig.%s" % alg)
        if s.sign("bc", priv, msg, a, alg=alg, nonce=NONCE) and \
                s.sign("bc", priv, dg, b, alg=alg, digest=True, nonce=NONCE):
            s.check(s.read(a) == s.read(b), "bc %s: message and --digest signing agree" % alg)
            s.verify("bc", pub, dg, a, 0, alg=alg, digest=True, what="bc %s: --digest verify" % alg)
    # one round trip on each remaining named curve
    for m in (167, 173, 179, 191, 233, 307, 367):
        priv, pub = s.keygen("bc", m, "bc%d" % m, "le")
        sig = s.path("bc%d.sig.der" % m)
        if priv and s.sign("bc", priv, msg, sig):
            s.verify("bc", pub, msg, sig, 0, what="bc%d LE verifies" % m)


def suite_jk_roundtrip(s):
    """jkurwa with itself on every curve it supports; the native PKCS#8 form."""
    msg = s.write("msg", b"interop test message\n" * 7)
    other = s.write("msg2", b"interop test message\n" * 6)
    for m in CURVES:
        if m == 191:
            rc, _, err = s.run("jk", "keygen", "--curve", "dstu191", "--priv", s.path("x"), "--pub", s.path("y"))
            s.check(rc == 2 and "191" in err, "jk refuses dstu191 (jkurwa cannot do m = 191)", err)
            continue
        priv, pub = s.keygen("jk", m, "jk%d" % m)
        if not priv:
            continue
        a = s.pubinfo("jk", "priv", priv)
        b = s.pubinfo("jk", "pub", pub)
        s.check(a is not None and a == b and a["curve"] == CURVE_OID % CURVES.index(m),
                "jk%d: Q = -dP, named curve" % m, "%s\n%s" % (a, b))
        sig = s.path("jk%d.sig.der" % m)
        if s.sign("jk", priv, msg, sig):
            s.verify("jk", pub, msg, sig, 0, what="jk%d verifies" % m)
            s.verify("jk", pub, other, sig, 1, what="jk%d: another message is invalid" % m)
            s.verify("jk", pub, msg, s.tampered(sig, "jk%d.flip" % m, False), 1,
                     what="jk%d: flipped signature is invalid" % m)
        if m in (163, 257, 431):
            raw = s.path("jk%d.sig" % m)
            if s.sign("jk", priv, msg, raw, raw=True):
                s.verify("jk", pub, msg, raw, 0, raw=True, what="jk%d raw verifies" % m)
    priv, pub = s.keygen("jk", 257, "jk257-native", native=True)
    if priv:
        a = s.pubinfo("jk", "priv", priv)
        b = s.pubinfo("jk", "pub", pub)
        s.check(a is not None and b is not None and a["q_le"] == b["q_le"] and a["curve"] == b["curve"],
                "jk257-native: jkurwa's own PKCS#8 (explicit ECBinary) gives the key", "%s\n%s" % (a, b))
        sig = s.path("jk257-native.sig.der")
        if s.sign("jk", priv, msg, sig):
            s.verify("jk", pub, msg, sig, 0, what="jk257-native verifies")


def suite_cross(s, m):
    """BouncyCastle <-> jkurwa on one curve, LE signatures, in both directions."""
    msg = s.write("msg", b"cross-implementation message " * 5)
    other = s.write("msg2", b"cross-implementation message " * 4)
    keys = {}
    keys["bc-be"] = s.keygen("bc", m, "bc-be", "be")
    keys["bc-le"] = s.keygen("bc", m, "bc-le", "le")
    keys["jk"] = s.keygen("jk", m, "jk")
    if m == 257:
        keys["jk-native"] = s.keygen("jk", m, "jk-native", native=True)
    for tag, (priv, pub) in keys.items():
        if not priv:
            continue
        # both peers read every key file the same way
        a = s.same_pubinfo(("bc", "jk"), "pub", pub, tag)
        b = s.same_pubinfo(("bc", "jk"), "priv", priv, tag)
        if a and b:
            s.check(a["q_le"] == b["q_le"], "%s: Q = -dP in both peers" % tag)
        for signer, verifier in (("bc", "jk"), ("jk", "bc")):
            sig = s.path("%s.%s.sig.der" % (tag, signer))
            if s.sign(signer, priv, msg, sig):
                s.verify(verifier, pub, msg, sig, 0, what="%s: %s signs, %s verifies" % (tag, signer, verifier))
                s.verify(verifier, pub, other, sig, 1,
                         what="%s: %s signature on another message is invalid in %s" % (tag, signer, verifier))
            raw = s.path("%s.%s.sig" % (tag, signer))
            if s.sign(signer, priv, msg, raw, raw=True):
                s.verify(verifier, pub, msg, raw, 0, raw=True,
                         what="%s: %s raw signature verifies in %s" % (tag, signer, verifier))
    # the same key, message and nonce give the same bytes in both
    priv = keys["jk"][0] or keys["bc-le"][0]
    if priv:
        outs = {}
        for p in ("bc", "jk"):
            outs[p] = s.path("nonce.%s.sig.der" % p)
            s.sign(p, priv, msg, outs[p], nonce=NONCE)
        if all(os.path.exists(o) for o in outs.values()):
            s.check(s.read(outs["bc"]) == s.read(outs["jk"]), "fixed nonce: bc and jk signatures are identical",
                    "bc %s\njk %s" % (s.read(outs["bc"]).hex(), s.read(outs["jk"]).hex()))


def suite_cross_other(s):
    """BouncyCastle <-> jkurwa on the other curves with m >= 256 (307, 367)."""
    msg = s.write("msg", b"cross-implementation message " * 5)
    for m in (307, 367):
        for maker in ("bc", "jk"):
            priv, pub = s.keygen(maker, m, "%s%d" % (maker, m), "le")
            if not priv:
                continue
            for signer, verifier in (("bc", "jk"), ("jk", "bc")):
                sig = s.path("%s%d.%s.sig.der" % (maker, m, signer))
                if s.sign(signer, priv, msg, sig):
                    s.verify(verifier, pub, msg, sig, 0,
                             what="dstu%d %s key: %s signs, %s verifies" % (m, maker, signer, verifier))
        priv = s.path("jk%d.priv.der" % m)
        outs = [s.path("nonce%d.%s" % (m, p)) for p in ("bc", "jk")]
        if os.path.exists(priv) and s.sign("bc", priv, msg, outs[0], nonce=NONCE) and \
                s.sign("jk", priv, msg, outs[1], nonce=NONCE):
            s.check(s.read(outs[0]) == s.read(outs[1]), "dstu%d fixed nonce: bc and jk signatures are identical" % m)


def suite_jk_small_m(s):
    """Pins a jkurwa quirk: for m < 256 it reduces the 256-bit hash modulo the field polynomial
    instead of truncating it to m bits (DSTU 4145 5.9, BouncyCastle), so its signatures over a
    full-size hash do not verify elsewhere; hashes already below 2^m agree."""
    msg = s.write("msg", b"small curve message")
    for m in (163, 233):
        priv, pub = s.keygen("jk", m, "jk%d" % m)
        if not priv:
            continue
        rc, out, _ = s.run("jk", "hash", "--in", msg)
        h = bytes.fromhex(out.strip())
        full = s.write("full%d.digest" % m, h[:-1] + bytes([h[-1] | 0x80]))   # bit 255 set
        short = s.write("short%d.digest" % m, h[:20] + bytes(12))           # below 2^160
        for tag, dg, want in (("full", full, 1), ("short", short, 0)):
            sig = s.path("%s%d.sig.der" % (tag, m))
            if s.sign("jk", priv, dg, sig, digest=True):
                s.verify("jk", pub, dg, sig, 0, digest=True, what="dstu%d %s hash: jk verifies itself" % (m, tag))
                s.verify("bc", pub, dg, sig, want, digest=True,
                         what="dstu%d %s hash: bc verify gives %d" % (m, tag, want))


def suite_dstu_peer(s, peer, curves):
    """dstu <-> a peer on each curve, both directions: keys made by one are used by the other,
    signatures made by one verify in the other (LE always; BE too with BouncyCastle)."""
    msg = s.write("message.txt", b"DSTU 4145 interoperability test message\n" * 50)
    algs = [(LE, "raw"), (BE, "raw-be")] if peer == "bc" else [(LE, "raw")]
    for m in curves:
        # Keys made by dstu, in the Ukrainian PKI layout and in BouncyCastle's.
        for form in (["uapki", "bc"] if peer == "bc" else ["uapki"]):
            tag = "dstu%d-%s" % (m, form)
            priv, pub = s.path(tag + ".key"), s.path(tag + ".pub")
            ok, _ = s.dstu(0, "keygen " + tag, "keygen", "--no-passphrase", "--curve", "dstu%d" % m, "-o", priv,
                           "--pub", pub, "--format", "der", "--pkcs8", form)
            if not ok:
                continue
            info = s.pubinfo(peer, "priv", priv)
            pinfo = s.pubinfo(peer, "pub", pub)
            s.check(info is not None and pinfo is not None and info.get("q_le") == pinfo.get("q_le"),
                    "%s reads dstu's %s key pair as one key" % (peer, tag))
            for alg, fmt in algs:
                # dstu signs, the peer verifies.
                sig = s.path("%s-%s.dstu.sig" % (tag, fmt))
                ok, _ = s.dstu(0, "dstu sign " + tag, "sign", "-k", priv, "--sig-format", fmt, "-o", sig, "--force", msg)
                if ok:
                    s.verify(peer, pub, msg, sig, 0, alg=alg, raw=True, what="%s verifies dstu %s %s" % (peer, tag, alg))
                    s.verify(peer, pub, s.write("other.txt", b"another message"), sig, 1, alg=alg, raw=True,
                             what="%s rejects dstu %s %s on another message" % (peer, tag, alg))
                # The peer signs with dstu's key, dstu verifies.
                psig = s.path("%s-%s.%s.sig" % (tag, fmt, peer))
                if s.sign(peer, priv, msg, psig, alg=alg, raw=True):
                    args = ["verify", "-q", "-p", pub, "--sig", psig, msg] + (["--be"] if fmt == "raw-be" else [])
                    s.dstu(0, "dstu verifies %s %s %s" % (peer, tag, alg), *args)
                    args = ["verify", "-q", "-p", pub, "--sig", psig, s.path("other.txt")] + (["--be"] if fmt == "raw-be" else [])
                    s.dstu(1, "dstu rejects %s %s %s on another message" % (peer, tag, alg), *args)
                # The DER OCTET STRING form the JCA writes is read as well.
                dsig = s.path("%s-%s.%s.der.sig" % (tag, fmt, peer))
                if alg == LE and s.sign(peer, priv, msg, dsig, alg=alg, raw=False):
                    s.dstu(0, "dstu verifies %s DER-wrapped %s" % (peer, tag), "verify", "-q", "-p", pub, "--sig", dsig,
                           "--sig-format", "der", msg)
                    # Never guessed: without --sig-format der it is a malformed raw signature (unless
                    # BouncyCastle's shorter halves happen to give the raw length).
                    raw_len = len(s.read(s.path("%s-%s.dstu.sig" % (tag, fmt))))
                    if len(s.read(dsig)) != raw_len:
                        s.dstu(2, "dstu refuses %s DER-wrapped %s as raw" % (peer, tag), "verify", "-q", "-p", pub,
                               "--sig", dsig, msg)
        # Keys made by the peer: dstu signs with them and the peer verifies; the other way too.
        priv, pub = s.keygen(peer, m, "%s%d" % (peer, m))
        if not priv:
            continue
        os.chmod(priv, 0o600)  # dstu refuses a clear private key that others can read
        for alg, fmt in algs:
            sig = s.path("%s%d-%s.dstu.sig" % (peer, m, fmt))
            ok, _ = s.dstu(0, "dstu signs with %s's dstu%d key" % (peer, m), "sign", "-k", priv, "--sig-format", fmt,
                           "-o", sig, "--force", msg)
            if ok:
                s.verify(peer, pub, msg, sig, 0, alg=alg, raw=True, what="%s verifies dstu with its own key %s" % (peer, alg))
            psig = s.path("%s%d-%s.%s.sig" % (peer, m, fmt, peer))
            if s.sign(peer, priv, msg, psig, alg=alg, raw=True):
                args = ["verify", "-q", "-p", pub, "--sig", psig, msg] + (["--be"] if fmt == "raw-be" else [])
                s.dstu(0, "dstu verifies %s with %s's key %s" % (peer, peer, alg), *args)


def suite_dstu_jk_stores(s):
    """Passphrase-protected keys (PKCS#8 PBES2: PBKDF2-HMAC-GOST34.311, GOST 28147 CFB) both
    ways with jkurwa/gost89: stores dstu writes open in jkurwa to the same key, and stores
    gost89 encrypts open in dstu and sign. On dstu257 and dstu431: below m = 257 jkurwa does not
    truncate the hash as DSTU 4145 does (suite jk_small_m), and jkurwa 1.21.0's own key reader
    (Priv.from_asn1, behind from_protected) refuses dstu's named-curve PrivateKeyInfo on dstu163
    and dstu307 (it reads its own explicit-parameter form there)."""
    msg = s.write("message.txt", b"key store interoperability\n" * 10)
    pw = s.write("pass", "correct horse, 32 octets at most\n".encode())
    for m in (257, 431):
        tag = "dstu%d" % m
        store, pub = s.path(tag + ".p8"), s.path(tag + ".pub")
        ok, _ = s.dstu(0, "keygen protected " + tag, "keygen", "--curve", tag, "--passphrase-file", pw,
                       "--iterations", "3000", "--format", "der", "-o", store, "--pub", pub)
        if not ok:
            continue
        # jkurwa opens dstu's store; the key inside is the key of dstu's public key file.
        clear = s.path(tag + ".jk-clear.der")
        ok, _ = s.expect(0, "jk opens dstu's %s store" % tag, "jk", "store-decrypt", "--in", store,
                         "--password", "correct horse, 32 octets at most", "--out", clear)
        if ok:
            a, b = s.pubinfo("jk", "priv", clear), s.pubinfo("jk", "pub", pub)
            s.check(a is not None and b is not None and a.get("q_le") == b.get("q_le"),
                    "jk finds in dstu's %s store the key of its public key file" % tag)
        ok, _ = s.expect(2, "jk refuses dstu's %s store with a wrong password" % tag, "jk", "store-decrypt",
                         "--in", store, "--password", "wrong", "--out", s.path("x.der"))
        # gost89 encrypts dstu's clear key; dstu opens that store and signs; jk verifies.
        clear_dstu = s.path(tag + ".clear.der")
        ok, _ = s.dstu(0, "keygen clear " + tag, "keygen", "--curve", tag, "--no-passphrase", "--format", "der",
                       "-o", clear_dstu, "--pub", s.path(tag + ".clear.pub"))
        if not ok:
            continue
        jk_store = s.path(tag + ".jk.p8")
        ok, _ = s.expect(0, "gost89 encrypts dstu's %s key" % tag, "jk", "store-encrypt", "--priv", clear_dstu,
                         "--password", "gost89 pass", "--out", jk_store)
        if not ok:
            continue
        os.chmod(jk_store, 0o600)
        pw2 = s.write("pass2", b"gost89 pass\n")
        sig = s.path(tag + ".sig")
        ok, _ = s.dstu(0, "dstu signs with gost89's %s store" % tag, "sign", "-k", jk_store, "--passphrase-file",
                       pw2, "--sig-format", "raw", "-o", sig, "--force", msg)
        if ok:
            s.verify("jk", s.path(tag + ".clear.pub"), msg, sig, 0, raw=True,
                     what="jk verifies dstu's signature made with gost89's %s store" % tag)
        s.dstu(2, "dstu refuses gost89's %s store with a wrong passphrase" % tag, "sign", "-k", jk_store,
               "--passphrase-file", pw, "-o", s.path("y.sig"), msg)

    jk_as_drawn_keys(s, msg)


def jk_as_drawn_keys(s, msg):
    """Keys as jkurwa's own Curve.keygen() draws them: on dstu257 about half have d >= n (its
    range check compares word counts only); dstu reads them as jkurwa and BouncyCastle sign
    with them (d mod n), clear and in gost89's store, and jkurwa verifies what dstu signs."""
    drawn = {0: 0, 1: 0}
    for i in range(24):
        priv, pub = s.path("drawn%d.der" % i), s.path("drawn%d.pub" % i)
        ok, out = s.expect(0, "jk draws a dstu257 key as its keygen does (%d)" % i, "jk", "keygen", "--curve",
                           "dstu257", "--priv", priv, "--pub", pub, "--native", "--as-drawn")
        if not ok:
            return
        ge = 1 if "d_ge_n=1" in out else 0
        if drawn[ge] >= 2:
            continue
        drawn[ge] += 1
        tag = "d >= n" if ge else "d < n"
        os.chmod(priv, 0o600)
        store = s.path("drawn%d.p8" % i)
        ok, _ = s.expect(0, "gost89 encrypts jkurwa's key (%s)" % tag, "jk", "store-encrypt", "--priv", priv,
                         "--password", "drawn", "--out", store)
        if not ok:
            continue
        os.chmod(store, 0o600)
        pw = s.write("pass-drawn", b"drawn\n")
        for key, extra in ((priv, []), (store, ["--passphrase-file", pw])):
            sig = s.path("drawn%d.%s.sig" % (i, os.path.basename(key)))
            ok, _ = s.dstu(0, "dstu signs with jkurwa's %s key %s" % (tag, os.path.basename(key)), "sign", "-k", key,
                           *extra, "--sig-format", "raw", "-o", sig, "--force", msg)
            if ok:
                s.verify("jk", pub, msg, sig, 0, raw=True,
                         what="jk verifies dstu's signature with its %s key %s" % (tag, os.path.basename(key)))
        if drawn[0] >= 2 and drawn[1] >= 2:
            break
    s.check(drawn[1] >= 1, "jkurwa drew at least one dstu257 key with d >= n in 24 draws",
            "draws with d < n: %d, d >= n: %d" % (drawn[0], drawn[1]))

class Skip(Exception):
    """A suite that cannot run here (a tool missing): ctest's skip code, never a pass."""


def pkcs12_tool():
    tool = os.environ.get("P12TOOL")
    if not tool or not os.path.exists(tool):
        raise Skip("P12TOOL (tests/pkix/pkcs12_tool) not set or not built")
    return tool


def p12(s, want, what, *args):
    """Runs pkcs12_tool (write_pkcs12 and read_container); checks the exit status."""
    p = subprocess.run([pkcs12_tool()] + list(args), capture_output=True, text=True)
    s.calls += 1
    s.check(p.returncode == want, "%s: pkcs12_tool %s -> %d" % (what, args[0], want),
            "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
    return p.returncode == want, p.stdout


def suite_dstu_jk_certs(s):
    """Certificates both ways with jkurwa (Certificate): jkurwa checks the signatures of a DSTU
    4145 chain the tests issued (make_test_pki: root, CA, signer; the signer under the root's
    key refused); dstu reads jkurwa's self-signed certificate (signCert), trusts it as its own
    anchor, and verifies a jkurwa signature under it, and refuses the chain to another root."""
    pki = s.path("pki")
    os.makedirs(pki, exist_ok=True)
    p = subprocess.run([os.environ["MAKE_TEST_PKI"], pki], capture_output=True, text=True)
    s.check(p.returncode == 0, "make_test_pki", p.stderr)
    if p.returncode != 0:
        return
    c = lambda name: os.path.join(pki, name + ".cer")
    s.expect(0, "jk checks the signer's certificate under the CA", "jk", "cert-check", "--cert", c("user"),
             "--issuer", c("ca"))
    s.expect(0, "jk checks the CA's certificate under the root", "jk", "cert-check", "--cert", c("ca"),
             "--issuer", c("root"))
    s.expect(0, "jk checks the root's self-signature", "jk", "cert-check", "--cert", c("root"), "--issuer", c("root"))
    s.expect(1, "jk refuses the signer's certificate under the root", "jk", "cert-check", "--cert", c("user"),
             "--issuer", c("root"))
    priv, _ = s.keygen("jk", 257, "jkcert")
    if not priv:
        return
    cert = s.path("jk-self.cer")
    ok, _ = s.expect(0, "jk makes a self-signed certificate", "jk", "cert-self", "--priv", priv, "--cn", "jk peer",
                     "--out", cert)
    if not ok:
        return
    ok, out = s.dstu(0, "dstu reads jkurwa's certificate", "--json", "info", cert)
    if ok:
        info = json.loads(out)
        s.check(info.get("subject") == "CN=jk peer" and info.get("self_issued") is True,
                "dstu reads jkurwa's certificate's names", out)
        s.check(info.get("subject_key_id") == info.get("key", {}).get("key_id"),
                "jkurwa's SKI is the key id dstu computes", out)
    msg = s.write("signed.txt", b"signed by jkurwa under its certificate\n")
    sig = s.path("signed.sig")
    if not s.sign("jk", priv, msg, sig):
        return
    ok, out = s.dstu(0, "dstu verifies under jkurwa's certificate, trusted as the anchor", "--json", "verify", "-p",
                     cert, "--trust", cert, "--at", "2026-01-01", "--sig-format", "der", "--sig", sig, msg)
    if ok:
        s.check(json.loads(out).get("chain") == "valid", "the chain of jkurwa's certificate is valid", out)
    s.dstu(1, "dstu refuses jkurwa's certificate under another root", "verify", "-p", cert, "--trust", c("root"),
           "--at", "2026-01-01", "--sig-format", "der", "--sig", sig, msg)


def suite_pkcs12_jk(s):
    """PKCS#12 files write_pkcs12 writes in IIT's profile (PBES2 with PBKDF2-HMAC-GOST34.311 and
    GOST 28147 CFB, certificates in encrypted safe contents, a GOST 34.311 MAC) open in jkurwa
    (Priv.from_protected) to the same keys: key.jks's two keys with its three certificates,
    and keys jkurwa generated on dstu257 and dstu431; a wrong password opens nothing."""
    pkcs12_tool()
    jks = os.path.join(HERE, "..", "..", "test-vectors", "pki", "containers", "key.jks")
    pfx = s.path("jks.p12")
    ok, _ = p12(s, 0, "key.jks into PKCS#12", "write", "--out", pfx, "--password", "пароль pfx", "--from", jks,
                "--from-password", "123456", "--from-key-password", "qwerty", "--dump-keys", s.path("ours-"))
    if ok:
        ok, out = s.expect(0, "jk opens dstu's PKCS#12 of key.jks", "jk", "pfx-open", "--in", pfx, "--password",
                           "пароль pfx", "--out", s.path("jk-"))
        s.check(out.strip() == "keys=2 certs=3", "jk finds key.jks's two keys and three certificates", out)
        for i in range(2):
            a, b = s.pubinfo("jk", "priv", s.path("jk-%d.der" % i)), s.pubinfo("jk", "priv", s.path("ours-%d.der" % i))
            s.check(a is not None and b is not None and a.get("q_le") == b.get("q_le"),
                    "jk finds key %d of key.jks in dstu's PKCS#12" % i)
        s.expect(2, "jk opens nothing in dstu's PKCS#12 under a wrong password", "jk", "pfx-open", "--in", pfx,
                 "--password", "wrong", "--out", s.path("wrong-"))
    for m in (257, 431):
        priv, pub = s.keygen("jk", m, "jk%d" % m)
        if not priv:
            continue
        pfx = s.path("jk%d.p12" % m)
        ok, _ = p12(s, 0, "jkurwa's dstu%d key into PKCS#12" % m, "write", "--out", pfx, "--password", "pw",
                    "--key", priv, "--iterations", "2000")
        if not ok:
            continue
        ok, out = s.expect(0, "jk opens dstu's PKCS#12 of its dstu%d key" % m, "jk", "pfx-open", "--in", pfx,
                           "--password", "pw", "--out", s.path("jk%d-open-" % m))
        if ok:
            a, b = s.pubinfo("jk", "priv", s.path("jk%d-open-0.der" % m)), s.pubinfo("jk", "pub", pub)
            s.check(a is not None and b is not None and a.get("q_le") == b.get("q_le"),
                    "jk finds its dstu%d key in dstu's PKCS#12" % m)


def openssl(s, want, what, *args, stdin=None):
    p = subprocess.run(["openssl"] + list(args), capture_output=True, input=stdin)
    s.calls += 1
    s.check(p.returncode == want, "%s: openssl %s -> %d" % (what, args[0], want),
            "exit %d\n%s%s" % (p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")))
    return p.returncode == want, p.stdout


def suite_pkcs12_openssl(s):
    """PKCS#12 files write_pkcs12 writes in OpenSSL 3's profile (PBES2 with PBKDF2-HMAC-SHA-256
    and AES-256-CBC, a SHA-256 MAC) of an ECDSA P-256 key and its certificate made by openssl:
    `openssl pkcs12` checks the MAC and gives back the same key and certificate, and refuses a
    wrong password; OpenSSL's own default export reads back in dstu."""
    tool = pkcs12_tool()
    if not shutil.which("openssl"):
        raise Skip("no openssl command")
    key, cert = s.path("p256.key"), s.path("p256.der")
    ok, _ = openssl(s, 0, "P-256 key and certificate", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-outform", "DER", "-out", cert, "-subj",
                    "/CN=dstu pkcs12 interop", "-days", "30")
    if not ok:
        return
    pfx = s.path("ours.p12")
    ok, _ = p12(s, 0, "P-256 PKCS#12, OpenSSL profile", "write", "--out", pfx, "--password", "pass word",
                "--profile", "openssl", "--key", key, "--cert", cert)
    if not ok:
        return
    # -nokeys: the certificate (the MAC checked first, as without -nomacver).
    ok, certs = openssl(s, 0, "openssl checks the MAC and takes the certificate out of dstu's PKCS#12", "pkcs12",
                        "-in", pfx, "-passin", "pass:pass word", "-nokeys")
    if ok:
        _, der = openssl(s, 0, "the certificate openssl took out, as DER", "x509", "-outform", "DER", stdin=certs)
        s.check(der == s.read(cert), "openssl finds the same certificate in dstu's PKCS#12")
    ok, keys = openssl(s, 0, "openssl takes the key out of dstu's PKCS#12", "pkcs12", "-in", pfx, "-passin",
                       "pass:pass word", "-nodes", "-nocerts")
    if ok:
        _, ours = openssl(s, 0, "public key of the key openssl took out", "pkey", "-pubout", "-outform", "DER",
                          stdin=keys)
        _, want = openssl(s, 0, "public key of the key openssl made", "pkey", "-in", key, "-pubout", "-outform", "DER")
        s.check(len(want) > 0 and ours == want, "openssl finds the same P-256 key in dstu's PKCS#12")
    p = subprocess.run(["openssl", "pkcs12", "-in", pfx, "-passin", "pass:pass word", "-info", "-noout"],
                       capture_output=True, text=True)
    listing = p.stdout + p.stderr
    for want in ("MAC: sha256", "PBES2, PBKDF2, AES-256-CBC", "PRF hmacWithSHA256"):
        s.check(want in listing, "openssl -info names %s" % want, listing)
    openssl(s, 1, "openssl refuses dstu's PKCS#12 under a wrong password", "pkcs12", "-in", pfx, "-passin",
            "pass:wrong", "-noout")
    # OpenSSL 3's default export reads back in dstu to the same key.
    pem, theirs = s.path("p256.pem"), s.path("theirs.p12")
    ok, _ = openssl(s, 0, "the certificate as PEM", "x509", "-inform", "DER", "-in", cert, "-out", pem)
    if ok:
        ok, _ = openssl(s, 0, "openssl's default PKCS#12", "pkcs12", "-export", "-inkey", key, "-in", pem, "-passout",
                        "pass:pw", "-out", theirs)
    if ok:
        p = subprocess.run([tool, "read", "--in", theirs, "--password", "pw"], capture_output=True, text=True)
        q = subprocess.run([tool, "read", "--in", pfx, "--password", "pass word"], capture_output=True, text=True)
        s.check(p.returncode == 0 and p.stdout.startswith("keys=1 certs=1") and p.stdout == q.stdout,
                "dstu reads openssl's default PKCS#12 to the same key", p.stdout + p.stderr + q.stdout + q.stderr)

def cms_sign_tool():
    tool = os.environ.get("CMSTOOL")
    if not tool or not os.path.exists(tool):
        raise Skip("CMSTOOL (tests/pkix/cms_sign_tool) not set or not built")
    return tool


def cms_sign(s, what, *args):
    """Runs cms_sign_tool (sign_cms); checks that it signed."""
    p = subprocess.run([cms_sign_tool()] + list(args), capture_output=True, text=True)
    s.calls += 1
    return s.check(p.returncode == 0, "%s: cms_sign_tool -> 0" % what, "exit %d\n%s%s" % (p.returncode, p.stdout,
                                                                                              p.stderr))


def suite_cms_jk(s):
    """CMS SignedData both ways: sign_cms (DSTU 4145 with GOST 34.311) signs, jkurwa's
    Message.verify checks it, attached and detached: under jkurwa's test key and self-signed
    certificate (PRIV1.cer, SELF_SIGNED1.cer; signingTime inside its validity, and refused by
    jkurwa when now is outside it), and under a key and certificate jkurwa makes itself; a
    detached signature over other content refused. The other half: jkurwa's Message signs,
    attached and detached, under its own key and certificate, and dstu verifies."""
    certs = os.path.join(HERE, "..", "..", "test-vectors", "pki", "certs")
    key, cert = os.path.join(certs, "PRIV1.cer"), os.path.join(certs, "SELF_SIGNED1.cer")
    msg = s.write("content.txt", b"signed by dstu, verified by jkurwa\n")
    other = s.write("other.txt", b"other content\n")
    in_validity = "1600000000"  # 2020-09-13, inside SELF_SIGNED1's validity
    for attached in (False, True):
        form = "attached" if attached else "detached"
        p7 = s.path("priv1-%s.p7s" % form)
        extra = ["--attached"] if attached else []
        if not cms_sign(s, "dstu signs %s with jkurwa's test key" % form, "--key", key, "--cert", cert, "--in", msg,
                        "--out", p7, "--time", in_validity, *extra):
            continue
        content = [] if attached else ["--content", msg]
        s.expect(0, "jk verifies dstu's %s SignedData" % form, "jk", "cms-verify", "--in", p7, *content)
        if not attached:
            s.expect(1, "jk refuses dstu's detached SignedData over other content", "jk", "cms-verify", "--in", p7,
                     "--content", other)
    late = s.path("priv1-now.p7s")
    if cms_sign(s, "dstu signs now with jkurwa's test key", "--key", key, "--cert", cert, "--in", msg, "--out", late):
        s.expect(1, "jk refuses a signingTime after the certificate expired", "jk", "cms-verify", "--in", late,
                 "--content", msg)
    priv, _ = s.keygen("jk", 257, "jkcms")
    if not priv:
        return
    jk_cert = s.path("jk-self.cer")
    ok, _ = s.expect(0, "jk makes a self-signed certificate", "jk", "cert-self", "--priv", priv, "--cn", "jk cms",
                     "--out", jk_cert)
    if not ok:
        return
    p7 = s.path("jk-key.p7s")
    if cms_sign(s, "dstu signs with jkurwa's key under jkurwa's certificate", "--key", priv, "--cert", jk_cert,
                "--in", msg, "--out", p7, "--attached"):
        s.expect(0, "jk verifies dstu's SignedData under its own certificate", "jk", "cms-verify", "--in", p7)
    # The other way: jkurwa signs, attached and detached; dstu verifies and refuses other content.
    for detached in (False, True):
        form = "detached" if detached else "attached"
        jk_p7 = s.path("jk-%s.p7s" % form)
        flags = ["--detached"] if detached else []
        ok, _ = s.expect(0, "jk signs %s CMS" % form, "jk", "cms-sign", "--priv", priv, "--cert", jk_cert, "--in", msg,
                         "--out", jk_p7, *flags)
        if not ok:
            continue
        content = ["--content", msg] if detached else []
        s.dstu(0, "dstu verifies jkurwa's %s SignedData" % form, "verify", jk_p7, *content)
        if detached:
            s.dstu(1, "dstu refuses jkurwa's detached SignedData over other content", "verify", jk_p7, "--content",
                   other)


SUITES = {
    "bc_kat": lambda s: suite_kat(s, "bc"),
    "jk_kat": lambda s: suite_kat(s, "jk"),
    "bc_roundtrip": suite_bc_roundtrip,
    "jk_roundtrip": suite_jk_roundtrip,
    "cross_257": lambda s: suite_cross(s, 257),
    "cross_431": lambda s: suite_cross(s, 431),
    "cross_other": suite_cross_other,
    "jk_small_m": suite_jk_small_m,
    "dstu_bc": lambda s: suite_dstu_peer(s, "bc", [163, 233, 257, 431]),
    "dstu_jk": lambda s: suite_dstu_peer(s, "jk", [257, 307, 431]),
    "dstu_jk_stores": suite_dstu_jk_stores,
    "dstu_jk_certs": suite_dstu_jk_certs,
    "pkcs12_jk": suite_pkcs12_jk,
    "pkcs12_openssl": suite_pkcs12_openssl,
    "cms_jk": suite_cms_jk,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", choices=sorted(SUITES) + ["build_bc", "build_jk"])
    ap.add_argument("--work", help="scratch directory (default: a temporary one, removed afterwards)")
    a = ap.parse_args()
    if a.suite.startswith("build_"):
        peer = a.suite[len("build_"):]
        t = time.monotonic()
        p = subprocess.run([DRIVER, peer, "version"], capture_output=True, text=True)
        print((p.stdout + p.stderr).strip())
        print("%s peer ready in %.1f s" % (peer, time.monotonic() - t))
        return p.returncode
    if a.work:
        shutil.rmtree(a.work, ignore_errors=True)
        os.makedirs(a.work)
        work, cleanup = a.work, False
    else:
        work, cleanup = tempfile.mkdtemp(prefix="dstu-interop-"), True
    s = Suite(work)
    try:
        SUITES[a.suite](s)
    except Skip as e:
        print("SKIPPED: %s" % e)
        return 77
    except PeerError as e:
        print("FAIL  %s" % e)
        s.summary()
        return 1
    finally:
        s.close()
        if cleanup:
            shutil.rmtree(work, ignore_errors=True)
    return s.summary()


if __name__ == "__main__":
    sys.exit(main())
