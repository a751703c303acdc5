#!/usr/bin/env node
'use strict';
// jkurwa side of the dstu interoperability tests: a small CLI around jkurwa (DSTU 4145) and
// gost89 (GOST 34.311-95), with the same verbs, options and exit codes as the BouncyCastle peer.
// Formats are described in ../README.md; USAGE below is the short form.

const crypto = require('crypto');
const fs = require('fs');
const { Writable } = require('stream');
const jk = require('jkurwa');
const gost89 = require('gost89');
const Field = require('jkurwa/lib/field.js');
const keystore = require('jkurwa/lib/spec/keystore.js');

const USAGE = `usage: jk.js VERB [OPTIONS]
  keygen  --curve NAME|OID --priv FILE --pub FILE [--oid le] [--native] [--as-drawn]
  sign    --priv FILE [--alg GOST3411WITHDSTU4145LE] --in FILE --out FILE [--raw] [--digest] [--nonce HEX]
  verify  --pub FILE [--alg GOST3411WITHDSTU4145LE] --in FILE --sig FILE [--raw] [--digest]
  pubinfo --pub FILE | --priv FILE
  hash    --in FILE
  store-encrypt --priv FILE --password TEXT --out FILE   (PKCS#8 PBES2 key store)
  store-decrypt --in FILE --password TEXT --out FILE     (the key, jkurwa's PKCS#8)
  pfx-open --in FILE --password TEXT --out PREFIX         (PKCS#12: every key as PREFIX<i>.der)
  cert-check --cert FILE --issuer FILE   (the certificate's DSTU 4145 signature under the issuer's key)
  cert-self --priv FILE --cn TEXT --out FILE   (a self-signed certificate, as jkurwa's signCert makes it)
  cms-verify --in FILE [--content FILE]   (a CMS SignedData by jkurwa's Message.verify; detached: --content)
  cms-sign --priv FILE --cert FILE --in FILE --out FILE [--detached]   (a CMS SignedData by jkurwa's
                                 Message: GOST 34.311, DSTU 4145, the signer's certificate inside)
  cms-verify-many --list FILE   (each line names a content file whose FILE.p7s is its detached SignedData;
                                 prints how many verified; a benchmark's peer)
  version
  serve   (requests on stdin, one per line, TAB between arguments; see ../README.md)
curves: dstu163 dstu167 dstu173 dstu179 dstu191 dstu233 dstu257 dstu307 dstu367 dstu431
exit: 0 ok/valid, 1 invalid signature (verify only), 2 error`;

const OID_LE = '1.2.804.2.1.1.1.1.3.1.1';
const OID_BE = '1.2.804.2.1.1.1.1.3.1.1.1.1';
const CURVE_OID_BASE = '1.2.804.2.1.1.1.1.3.1.1.2.';
const ALG_LE = 'GOST3411WITHDSTU4145LE';
const ALG_BE = 'GOST3411WITHDSTU4145';
const FLAGS = new Set(['as-drawn', 'raw', 'digest', 'native', 'detached']);

// The ten polynomial-basis named curves, index i = OID ...3.1.1.2.i. Published constants: DSTU
// 4145-2002 Table G.1 (A, B, n) and the base points of BouncyCastle DSTU4145NamedCurves /
// Cryptonite dstu4145_params_internal.c. ks = middle exponents of the field polynomial, ascending.
// Hex is big-endian. jkurwa itself ships only m = 257 and 431 (DSTU_PB_257/431); those two are
// taken from jkurwa.
const CURVES = [
  { m: 163, ks: [3, 6, 7], a: 1, b: '5FF6108462A2DC8210AB403925E638A19C1455D21',
    n: '400000000000000000002BEC12BE2262D39BCF14D', h: 2,
    gx: '2E2F85F5DD74CE983A5C4237229DAF8A3F35823BE',
    gy: '3826F008A8C51D7B95284D9D03FF0E00CE2CD723A' },
  { m: 167, ks: [6], a: 1, b: '6EE3CEEB230811759F20518A0930F1A4315A827DAC',
    n: '3FFFFFFFFFFFFFFFFFFFFFB12EBCC7D7F29FF7701F', h: 2,
    gx: '7A1F6653786A68192803910A3D30B2A2018B21CD54',
    gy: '5F49EB26781C0EC6B8909156D98ED435E45FD59918' },
  { m: 173, ks: [1, 2, 10], a: 0, b: '108576C80499DB2FC16EDDF6853BBB278F6B6FB437D9',
    n: '800000000000000000000189B4E67606E3825BB2831', h: 4,
    gx: '4D41A619BCC6EADF0448FA22FAD567A9181D37389CA',
    gy: '10B51CC12849B234C75E6DD2028BF7FF5C1CE0D991A1' },
  { m: 179, ks: [1, 2, 4], a: 1, b: '4A6E0856526436F2F88DD07A341E32D04184572BEB710',
    n: '3FFFFFFFFFFFFFFFFFFFFFFB981960435FE5AB64236EF', h: 2,
    gx: '6BA06FE51464B2BD26DC57F48819BA9954667022C7D03',
    gy: '25FBC363582DCEC065080CA8287AAFF09788A66DC3A9E' },
  { m: 191, ks: [9], a: 1, b: '7BC86E2102902EC4D5890E8B6B4981FF27E0482750FEFC03',
    n: '40000000000000000000000069A779CAC1DABC6788F7474F', h: 2,
    gx: '714114B762F2FF4A7912A6D2AC58B9B5C2FCFE76DAEB7129',
    gy: '29C41E568B77C617EFE5902F11DB96FA9613CD8D03DB08DA' },
  { m: 233, ks: [1, 4, 9], a: 1, b: '6973B15095675534C7CF7E64A21BD54EF5DD3B8A0326AA936ECE454D2C',
    n: '1000000000000000000000000000013E974E72F8A6922031D2603CFE0D7', h: 2,
    gx: '3FCDA526B6CDF83BA1118DF35B3C31761D3545F32728D003EEB25EFE96',
    gy: '9CA8B57A934C54DEEDA9E54A7BBAD95E3B2E91C54D32BE0B9DF96D8D35' },
  { m: 257, jkurwa: 'DSTU_PB_257' },
  { m: 307, ks: [2, 4, 8], a: 1,
    b: '393C7F7D53666B5054B5E6C6D3DE94F4296C0C599E2E2E241050DF18B6090BDC90186904968BB',
    n: '3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC079C2F3825DA70D390FBBA588D4604022B7B7', h: 2,
    gx: '216EE8B189D291A0224984C1E92F1D16BF75CCD825A087A239B276D3167743C52C02D6E7232AA',
    gy: '5D9306BACD22B7FAEB09D2E049C6E2866C5D1677762A8F2F2DC9A11C7F7BE8340AB2237C7F2A0' },
  { m: 367, ks: [21], a: 1,
    b: '43FC8AD242B0B7A6F3D1627AD5654447556B47BF6AA4A64B0C2AFE42CADAB8F93D92394C79A79755437B56995136',
    n: '40000000000000000000000000000000000000000000009C300B75A3FA824F22428FD28CE8812245EF44049B2D49',
    h: 2,
    gx: '324A6EDDD512F08C49A99AE0D3F961197A76413E7BE81A400CA681E09639B5FE12E59A109F78BF4A373541B3B9A1',
    gy: '1AB597A5B4477F59E39539007C7F977D1A567B92B043A49C6B61984C3FE3481AAF454CD41BA1F051626442B3C10' },
  { m: 431, jkurwa: 'DSTU_PB_431' },
];

class Failure extends Error {}

// ------------------------------------------------------------------ curves

const curveCache = new Map();

function namedCurve(index) {
  if (!curveCache.has(index)) {
    const c = CURVES[index];
    if (c.m === 191) {
      // GF(2^191) inversion in jkurwa 1.21.0 is wrong (x * x^-1 != 1; m = 191 puts the top bit of
      // the field polynomial in bit 31 of a 32-bit word) and setting up the curve never finishes.
      throw new Failure('jkurwa 1.21.0 cannot handle m = 191 (broken field inversion, hangs)');
    }
    let curve;
    if (c.jkurwa) {
      curve = jk.std_curve(c.jkurwa);
    } else {
      curve = new jk.Curve({
        m: c.m, ks: c.ks, a: String(c.a), b: c.b, order: c.n, kofactor: [c.h],
        base: { x: c.gx, y: c.gy },
      });
    }
    curveCache.set(index, curve);
  }
  return curveCache.get(index);
}

function curveIndexFromOid(oid) {
  if (oid.startsWith(CURVE_OID_BASE)) {
    const i = Number(oid.slice(CURVE_OID_BASE.length));
    if (Number.isInteger(i) && i >= 0 && i < CURVES.length && oid.length === CURVE_OID_BASE.length + 1) {
      return i;
    }
  }
  throw new Failure(`unknown DSTU 4145 curve OID ${oid}`);
}

function curveIndexFromArg(s) {
  const t = s.toLowerCase();
  if (t.startsWith('dstu')) {
    const i = CURVES.findIndex((c) => String(c.m) === t.slice(4));
    if (i >= 0) return i;
  } else if (t.startsWith(CURVE_OID_BASE)) {
    return curveIndexFromOid(t);
  }
  throw new Failure(`unknown curve '${s}' (dstu163 ... dstu431 or ${CURVE_OID_BASE}0-9)`);
}

// Label for pubinfo: the named-curve OID whose parameters equal curve's, else "explicit:m=M".
function curveLabel(curve) {
  for (let i = 0; i < CURVES.length; i += 1) {
    if (CURVES[i].m === curve.m && namedCurve(i).equals(curve)) return CURVE_OID_BASE + i;
  }
  return `explicit:m=${curve.m}`;
}

function orderBits(curve) {
  return curve.order.bitLength();
}

// ------------------------------------------------------------------ tiny DER reader / writer

function derLen(n) {
  if (n < 0x80) return Buffer.from([n]);
  const bytes = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag, content) {
  return Buffer.concat([Buffer.from([tag]), derLen(content.length), content]);
}

const der = {
  seq: (...items) => tlv(0x30, Buffer.concat(items)),
  int: (n) => tlv(0x02, Buffer.from([n])), // small non-negative integers only
  octets: (b) => tlv(0x04, Buffer.from(b)),
  bits: (b) => tlv(0x03, Buffer.concat([Buffer.from([0]), Buffer.from(b)])),
  oid: (s) => {
    const arcs = s.split('.').map(Number);
    const out = [40 * arcs[0] + arcs[1]];
    for (const arc of arcs.slice(2)) {
      const tmp = [arc & 0x7f];
      for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) tmp.unshift(0x80 | (v & 0x7f));
      out.push(...tmp);
    }
    return tlv(0x06, Buffer.from(out));
  },
};

// Parses one TLV at pos: {tag, start (content), end, raw (whole TLV)}.
function readTlv(buf, pos = 0) {
  if (pos + 2 > buf.length) throw new Failure('truncated DER');
  const tag = buf[pos];
  let len = buf[pos + 1];
  let p = pos + 2;
  if (len & 0x80) {
    const k = len & 0x7f;
    if (k === 0 || k > 4 || p + k > buf.length) throw new Failure('bad DER length');
    len = 0;
    for (let i = 0; i < k; i += 1) len = len * 256 + buf[p + i];
    p += k;
  }
  if (p + len > buf.length) throw new Failure('truncated DER');
  return { tag, start: p, end: p + len, raw: buf.subarray(pos, p + len), content: buf.subarray(p, p + len) };
}

function children(buf, node) {
  const out = [];
  for (let p = node.start; p < node.end;) {
    const c = readTlv(buf, p);
    out.push(c);
    p = c.end;
  }
  return out;
}

function expect(node, tag, what) {
  if (!node || node.tag !== tag) throw new Failure(`${what}: unexpected DER structure`);
  return node;
}

function oidString(node) {
  const b = node.content;
  const arcs = [];
  let v = 0;
  for (let i = 0; i < b.length; i += 1) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      if (arcs.length === 0) {
        const first = v < 80 ? Math.floor(v / 40) : 2;
        arcs.push(first, v - 40 * first);
      } else {
        arcs.push(v);
      }
      v = 0;
    }
  }
  return arcs.join('.');
}

// ------------------------------------------------------------------ keys

// AlgorithmIdentifier parameters -> jkurwa curve. Accepts a bare curve OID (BouncyCastle's PKCS#8)
// or DSTU4145Params { namedCurve OID | ECBinary, dke OPTIONAL }; ECBinary is decoded by jkurwa,
// little-endian b/bp under the LE algorithm OID and big-endian under the BE one.
function curveFromParams(buf, node, le) {
  if (node.tag === 0x06) return namedCurve(curveIndexFromOid(oidString(node)));
  expect(node, 0x30, 'DSTU4145Params');
  const first = children(buf, node)[0];
  if (first && first.tag === 0x06) return namedCurve(curveIndexFromOid(oidString(first)));
  const params = keystore.DstuParams.decode(Buffer.from(node.raw), 'der');
  return jk.Curve.resolve(params.curve, le ? 'cert' : undefined);
}

function algorithm(buf, algNode) {
  const [oidNode, params] = children(buf, expect(algNode, 0x30, 'AlgorithmIdentifier'));
  const oid = oidString(expect(oidNode, 0x06, 'algorithm OID'));
  if (oid !== OID_LE && oid !== OID_BE) throw new Failure(`key algorithm ${oid} is not DSTU 4145`);
  if (!params) throw new Failure('key has no curve parameters');
  return { oid, le: oid === OID_LE, curve: curveFromParams(buf, params, oid === OID_LE) };
}

function pubFromCompressedLe(curve, qLe) {
  const x = new Field(Buffer.from(qLe).reverse(), 'buf8', curve);
  let point;
  try {
    point = curve.point(x);
  } catch (e) {
    throw new Failure(`public key is not a point on the curve (${e.message})`);
  }
  return new jk.Pub(curve, point);
}

// SubjectPublicKeyInfo under either OID: BIT STRING wraps an OCTET STRING with the compressed point,
// little-endian under the LE OID, big-endian under the BE OID (BouncyCastle's default).
function loadPublic(file) {
  const buf = readFile(file);
  try {
    const [algNode, bits] = children(buf, expect(readTlv(buf), 0x30, 'SubjectPublicKeyInfo'));
    const alg = algorithm(buf, algNode);
    expect(bits, 0x03, 'subjectPublicKey');
    if (buf[bits.start] !== 0) throw new Failure('subjectPublicKey has unused bits');
    const inner = Buffer.from(bits.content.subarray(1));
    const os = expect(readTlv(inner), 0x04, 'public key OCTET STRING');
    let q = Buffer.from(os.content);
    if (!alg.le) q = q.reverse();
    return { alg, pub: pubFromCompressedLe(alg.curve, q) };
  } catch (e) {
    if (e instanceof Failure) throw new Failure(`cannot read public key ${file}: ${e.message}`);
    throw e;
  }
}

// PKCS#8 under the LE OID: privateKey OCTET STRING = d little-endian (UAPKI/jkurwa; any length).
// Under the BE OID (BouncyCastle): privateKey = DER ECPrivateKey (SEC 1, d big-endian) or INTEGER.
function loadPrivate(file) {
  const buf = readFile(file);
  try {
    const top = children(buf, expect(readTlv(buf), 0x30, 'PrivateKeyInfo'));
    expect(top[0], 0x02, 'PrivateKeyInfo.version');
    const alg = algorithm(buf, top[1]);
    const pk = expect(top[2], 0x04, 'PrivateKeyInfo.privateKey');
    let dBe;
    if (alg.le) {
      dBe = Buffer.from(pk.content).reverse();
    } else {
      const inner = Buffer.from(pk.content);
      const node = readTlv(inner);
      if (node.tag === 0x02) {
        dBe = Buffer.from(node.content);
      } else {
        const ec = children(inner, expect(node, 0x30, 'ECPrivateKey'));
        dBe = Buffer.from(expect(ec[1], 0x04, 'ECPrivateKey.privateKey').content);
      }
    }
    const d = new Field(dBe, 'buf8', alg.curve);
    return { alg, priv: new jk.Priv(alg.curve, d) };
  } catch (e) {
    if (e instanceof Failure) throw new Failure(`cannot read private key ${file}: ${e.message}`);
    throw e;
  }
}

function fixedLe(field, len) {
  const be = Buffer.from(field.buf8()); // big-endian, padded to 32-bit words
  const out = Buffer.alloc(len);
  for (let i = 0; i < len && i < be.length; i += 1) out[i] = be[be.length - 1 - i];
  return out;
}

function compressLe(pub) {
  return Buffer.from(pub.point.compress().le());
}

function encodePublicLe(curveOid, pub) {
  return der.seq(
    der.seq(der.oid(OID_LE), der.seq(der.oid(curveOid))),
    der.bits(der.octets(compressLe(pub))),
  );
}

function encodePrivateLe(curveOid, priv) {
  const len = Math.ceil(orderBits(priv.curve) / 8);
  return der.seq(der.int(0), der.seq(der.oid(OID_LE), der.seq(der.oid(curveOid))),
    der.octets(fixedLe(priv.d, len)));
}

// ------------------------------------------------------------------ verbs

function toBigInt(field) {
  return BigInt(`0x${Buffer.from(field.buf8()).toString('hex')}`);
}

function keygen(opt, flags) {
  const index = curveIndexFromArg(need(opt, 'curve'));
  if ((opt.oid || 'le') !== 'le') throw new Failure('the jkurwa peer writes only the LE form (--oid le)');
  const curve = namedCurve(index);
  // jkurwa 1.21.0's Curve.rand() draws ceil(L(n)/8) random octets, but its range check
  // (Field.less) only compares word counts, so Curve.keygen() often returns d >= n (Q = -dP is
  // still right, but BouncyCastle refuses such keys). So we do what keygen() does, with jkurwa's
  // own rand(), Priv and Pub, but redraw d until 0 < d < n.
  // --as-drawn: jkurwa's own Curve.keygen(), whose d may be >= n, as its users' keys are
  // (stdout says which); --native writes d as drawn.
  const n = toBigInt(curve.order);
  let priv;
  if (flags.has('as-drawn')) {
    priv = curve.keygen();
    process.stdout.write(`d_ge_n=${toBigInt(priv.d) >= n ? 1 : 0}\n`);
  } else {
    for (;;) {
      const d = curve.rand();
      const v = toBigInt(d);
      if (v > 0n && v < n) {
        priv = new jk.Priv(curve, d);
        if (priv.pub().validate()) break;
      }
    }
  }
  const pub = priv.pub();
  const curveOid = CURVE_OID_BASE + index;
  // --native: the private key exactly as jkurwa's Priv.to_asn1() writes it (explicit ECBinary
  // parameters with the DKE, d little-endian padded to 32-bit words, empty [0] attributes).
  const privDer = flags.has('native') ? Buffer.from(priv.to_asn1()) : encodePrivateLe(curveOid, priv);
  fs.writeFileSync(need(opt, 'priv'), privDer);
  fs.writeFileSync(need(opt, 'pub'), encodePublicLe(curveOid, pub));
  return 0;
}

function checkAlg(alg) {
  if (alg === undefined) return;
  const a = alg.toUpperCase();
  if (a === ALG_LE || a === 'LE') return;
  if (a === ALG_BE || a === 'BE') throw new Failure('jkurwa has no big-endian signature form (use the LE one)');
  throw new Failure(`unknown --alg '${alg}'`);
}

function hashOf(input, flags) {
  if (flags.has('digest')) return Buffer.from(input);
  return Buffer.from(gost89.gosthash(input));
}

function sign(opt, flags) {
  checkAlg(opt.alg);
  const { priv } = loadPrivate(need(opt, 'priv'));
  const hash = hashOf(readFile(need(opt, 'in')), flags);
  const { curve } = priv;
  const savedRand = curve.rand;
  if (opt.nonce !== undefined) {
    // jkurwa draws the nonce with curve.rand(); hand it the fixed value once.
    if (!/^[0-9a-fA-F]+$/.test(opt.nonce)) throw new Failure('--nonce must be hex');
    let used = false;
    curve.rand = () => {
      if (used) throw new Failure('the fixed --nonce was rejected by the signer');
      used = true;
      return new Field(opt.nonce, 'hex', curve);
    };
  }
  let sig;
  try {
    sig = Buffer.from(priv.sign(hash, 'short')); // jkurwa "short" = DER OCTET STRING of r_le || s_le
  } finally {
    curve.rand = savedRand;
  }
  const out = flags.has('raw') ? sig.subarray(readTlv(sig).start) : sig;
  fs.writeFileSync(need(opt, 'out'), out);
  return 0;
}

function verify(opt, flags) {
  checkAlg(opt.alg);
  const { pub } = loadPublic(need(opt, 'pub'));
  const hash = hashOf(readFile(need(opt, 'in')), flags);
  const sig = readFile(need(opt, 'sig'));
  let ok;
  try {
    if (flags.has('raw')) {
      ok = pub.verify(hash, sig, 'le');
    } else {
      ok = pub.verify(hash, sig, 'short');
    }
  } catch (e) {
    return invalid(e.message); // jkurwa throws on malformed or out-of-range signatures
  }
  if (!ok) return invalid('signature does not verify');
  process.stderr.write('jk-peer: signature OK\n');
  return 0;
}

function invalid(why) {
  process.stderr.write(`jk-peer: INVALID: ${why}\n`);
  return 1;
}

function pubinfo(opt) {
  let alg;
  let pub;
  if (opt.pub !== undefined) {
    ({ alg, pub } = loadPublic(opt.pub));
  } else if (opt.priv !== undefined) {
    let priv;
    ({ alg, priv } = loadPrivate(opt.priv));
    pub = priv.pub(); // Q = -dP
  } else {
    throw new Failure('pubinfo needs --pub FILE or --priv FILE');
  }
  process.stdout.write(`alg_oid=${alg.oid}\ncurve=${curveLabel(alg.curve)}\nq_le=${compressLe(pub).toString('hex')}\n`);
  return 0;
}

// Key stores: PKCS#8 EncryptedPrivateKeyInfo with PBES2 (PBKDF2-HMAC-GOST34.311, GOST 28147
// CFB), jkurwa's Priv.to_pbes2 and Priv.from_protected with gost89's compat algorithms.
function storeEncrypt(opt) {
  // gost89 derives the key and encrypts (compat.storesave: PBKDF2-HMAC-GOST34.311, 10,000
  // rounds, GOST 28147 CFB); the container is written here, as jkurwa 1.21.0's own writer
  // (Priv.to_pbes2) fails under asn1.js 5. The input is any PKCS#8 PrivateKeyInfo.
  const raw = readFile(need(opt, 'priv'));
  const iv = crypto.randomBytes(8);
  const salt = crypto.randomBytes(32);
  const enc = gost89.compat.algos().storesave(raw, 'PBES2', Buffer.from(need(opt, 'password'), 'utf8'), iv, salt);
  const iters = Buffer.from(enc.iters.toString(16).padStart(8, '0'), 'hex');
  let first = 0;  // minimal DER INTEGER: no leading zero unless the next octet has its top bit
  while (first < iters.length - 1 && iters[first] === 0 && iters[first + 1] < 0x80) first += 1;
  const store = der.seq(
    der.seq(der.oid('1.2.840.113549.1.5.13'),
      der.seq(
        der.seq(der.oid('1.2.840.113549.1.5.12'),
          der.seq(der.octets(enc.salt), tlv(0x02, iters.subarray(first)),
            der.seq(der.oid('1.2.804.2.1.1.1.1.1.2'), Buffer.from([0x05, 0x00])))),
        der.seq(der.oid('1.2.804.2.1.1.1.1.1.1.3'), der.seq(der.octets(enc.iv), der.octets(enc.sbox))))),
    der.octets(enc.body));
  fs.writeFileSync(need(opt, 'out'), store);
  return 0;
}

function storeDecrypt(opt) {
  const data = readFile(need(opt, 'in'));
  let store;
  try {
    store = jk.Priv.from_protected(data, Buffer.from(need(opt, 'password'), 'utf8'), gost89.compat.algos());
  } catch (e) {
    throw new Failure(`cannot open key store ${opt.in}: ${e.message}`);
  }
  if (!store.keys || store.keys.length === 0) throw new Failure(`no key in store ${opt.in}`);
  // jkurwa's own PKCS#8 form of the key (explicit parameters with the DKE).
  fs.writeFileSync(need(opt, 'out'), Buffer.from(store.keys[0].to_asn1()));
  return 0;
}

// PKCS#12 as jkurwa reads it (Priv.from_protected: its pfx_parse, then gost89's storeload
// on every key bag and on the encrypted safe contents): every key in jkurwa's own PKCS#8,
// and the counts on stdout as "keys=N certs=M".
function pfxOpen(opt) {
  const data = readFile(need(opt, 'in'));
  let store;
  try {
    store = jk.Priv.from_protected(data, Buffer.from(need(opt, 'password'), 'utf8'), gost89.compat.algos());
  } catch (e) {
    throw new Failure(`cannot open PKCS#12 ${opt.in}: ${e.message}`);
  }
  if (!store.keys || store.keys.length === 0) throw new Failure(`no key in PKCS#12 ${opt.in}`);
  store.keys.forEach((key, i) => fs.writeFileSync(`${need(opt, 'out')}${i}.der`, Buffer.from(key.to_asn1())));
  process.stdout.write(`keys=${store.keys.length} certs=${(store.certs || []).length}\n`);
  return 0;
}

// The certificate hashes jkurwa's Certificate.verifySignature looks up by algorithm.
const CERT_HASHES = { Dstu4145le: (data) => Buffer.from(gost89.gosthash(data)) };

function certCheck(opt) {
  let cert;
  let issuer;
  try {
    cert = jk.Certificate.from_asn1(readFile(need(opt, 'cert')));
    issuer = jk.Certificate.from_asn1(readFile(need(opt, 'issuer')));
  } catch (e) {
    throw new Failure(`cannot read a certificate: ${e.message}`);
  }
  const ok = cert.verifySignature(issuer.pubkey_unpack(), CERT_HASHES);
  process.stdout.write(`subject=${JSON.stringify(cert.subject)}\n`);
  return ok ? 0 : 1;
}

function certSelf(opt) {
  const { priv } = loadPrivate(need(opt, 'priv'));
  const name = { commonName: need(opt, 'cn') };
  const cert = jk.Certificate.signCert({
    privkey: priv,
    hash: CERT_HASHES.Dstu4145le,
    certData: {
      serial: 4242,
      issuer: name,
      subject: name,
      valid: { from: 1700000000000, to: 2000000000000 },
      usage: '\x03\x02\x06\xC0',
    },
  });
  fs.writeFileSync(need(opt, 'out'), Buffer.from(cert.as_asn1()));
  return 0;
}

// A CMS SignedData as jkurwa's Message.verify checks it: messageDigest against the content,
// signingTime within the certificate's validity, the signature over the signed attributes
// as received, under the first certificate the SignedData carries.
function cmsVerify(opt) {
  let msg;
  try {
    msg = new jk.models.Message(readFile(need(opt, 'in')));
  } catch (e) {
    throw new Failure(`cannot read the SignedData ${opt.in}: ${e.message}`);
  }
  if (opt.content !== undefined) msg.info.contentInfo.content = readFile(opt.content);
  const ok = msg.verify(CERT_HASHES.Dstu4145le);
  process.stdout.write(`signer=${JSON.stringify(msg.signer().subject)}\n`);
  return ok ? 0 : 1;
}

function cmsSign(opt, flags) {
  const { priv } = loadPrivate(need(opt, 'priv'));
  const cert = jk.Certificate.from_asn1(readFile(need(opt, 'cert')));
  const data = readFile(need(opt, 'in'));
  const hash = CERT_HASHES.Dstu4145le;
  const detached = flags.has('detached');
  const msg = new jk.models.Message({
    type: 'signedData',
    cert,
    signer: priv,
    hash,
    data: detached ? undefined : data,
    dataHash: detached ? hash(data) : undefined,
  });
  fs.writeFileSync(need(opt, 'out'), Buffer.from(msg.as_asn1()));
  return 0;
}

function cmsVerifyMany(opt) {
  const files = readFile(need(opt, 'list')).toString().split('\n').filter((l) => l.length > 0);
  let valid = 0;
  for (const f of files) {
    const msg = new jk.models.Message(readFile(`${f}.p7s`));
    msg.info.contentInfo.content = readFile(f);
    if (msg.verify(CERT_HASHES.Dstu4145le)) valid += 1;
  }
  process.stdout.write(`verified=${valid} of ${files.length}\n`);
  return valid === files.length ? 0 : 1;
}

// ------------------------------------------------------------------ main

function need(opt, key) {
  if (opt[key] === undefined) throw new Failure(`missing --${key}`);
  return opt[key];
}

function readFile(file) {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw new Failure(`cannot read ${file}: ${e.message}`);
  }
}

function run(argv) {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const verb = argv[0];
  const opt = {};
  const flags = new Set();
  for (let i = 1; i < argv.length; i += 1) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Failure(`unexpected argument '${a}'`);
    const key = a.slice(2);
    if (FLAGS.has(key)) {
      flags.add(key);
    } else {
      if (i + 1 >= argv.length) throw new Failure(`option ${a} needs a value`);
      opt[key] = argv[i += 1];
    }
  }
  switch (verb) {
    case 'keygen': return keygen(opt, flags);
    case 'sign': return sign(opt, flags);
    case 'verify': return verify(opt, flags);
    case 'pubinfo': return pubinfo(opt);
    case 'store-encrypt': return storeEncrypt(opt);
    case 'store-decrypt': return storeDecrypt(opt);
    case 'pfx-open': return pfxOpen(opt);
    case 'cert-check': return certCheck(opt);
    case 'cert-self': return certSelf(opt);
    case 'cms-sign': return cmsSign(opt, flags);
    case 'cms-verify': return cmsVerify(opt);
    case 'cms-verify-many': return cmsVerifyMany(opt);
    case 'hash':
      process.stdout.write(`${Buffer.from(gost89.gosthash(readFile(need(opt, 'in')))).toString('hex')}\n`);
      return 0;
    case 'version': {
      const v = (name) => require(`${name}/package.json`).version;
      process.stdout.write(`jkurwa ${v('jkurwa')} gost89 ${v('gost89')} (node ${process.version})\n`);
      return 0;
    }
    default:
      throw new Failure(`unknown verb '${verb}'\n${USAGE}`);
  }
}

// run(), with a failure reported on stderr as exit status 2.
function runReporting(argv) {
  try {
    return run(argv);
  } catch (e) {
    process.stderr.write(`jk-peer: ${e instanceof Failure ? e.message : (e && e.stack) || e}\n`);
    return 2;
  }
}

// The lines of fd 0 (ended by LF only; a last line without one counts), read
// synchronously: every verb is synchronous, so no event loop is needed.
function* stdinLines() {
  const chunk = Buffer.alloc(65536);
  let pending = Buffer.alloc(0);
  for (;;) {
    const n = fs.readSync(0, chunk, 0, chunk.length, null);
    if (n === 0) break;
    pending = Buffer.concat([pending, chunk.subarray(0, n)]);
    for (let nl = pending.indexOf(10); nl >= 0; nl = pending.indexOf(10)) {
      yield pending.subarray(0, nl).toString('utf8');
      pending = pending.subarray(nl + 1);
    }
  }
  if (pending.length > 0) yield pending.toString('utf8');
}

// Writes all of buf to fd, however many calls it takes.
function writeAll(fd, buf) {
  for (let done = 0; done < buf.length;) done += fs.writeSync(fd, buf, done, buf.length - done);
}

// A stream that keeps what is written to it until taken (a request's stdout or stderr).
function captureStream() {
  let chunks = [];
  const stream = new Writable({
    write(chunk, encoding, callback) {
      chunks.push(Buffer.from(chunk, encoding));
      callback();
    },
  });
  const take = () => {
    const bytes = Buffer.concat(chunks);
    chunks = [];
    return bytes;
  };
  return { stream, take };
}

// The serve verb: one Node process answers many requests. Each line of stdin holds one
// request's arguments separated by TABs; each answer is a line "STATUS OUT_BYTES ERR_BYTES"
// followed by that many octets of the request's stdout, then of its stderr. process.stdout
// and process.stderr are replaced, once, before anything reads them: reading them would
// create Node's own streams and make fd 1 non-blocking, while the answers go to fd 1 by
// writeSync; and the global console keeps the first streams it sees.
function serve() {
  const out = captureStream();
  const err = captureStream();
  Object.defineProperty(process, 'stdout', { value: out.stream, configurable: true, writable: true });
  Object.defineProperty(process, 'stderr', { value: err.stream, configurable: true, writable: true });
  for (const line of stdinLines()) {
    // A verb that returns no status exits 0 when run alone (process.exitCode undefined).
    const status = runReporting(line === '' ? [] : line.split('\t'));
    const rc = Number.isInteger(status) ? status : 0;
    const o = out.take();
    const e = err.take();
    writeAll(1, Buffer.from(`${rc} ${o.length} ${e.length}\n`));
    writeAll(1, o);
    writeAll(1, e);
  }
}

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === 'serve') {
  serve();
} else {
  process.exitCode = runReporting(argv);
}
