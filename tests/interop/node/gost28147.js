#!/usr/bin/env node
'use strict';
// GOST 28147-89 side of the dstu interoperability tests: jkurwa's gost89 (ECB, CFB, the
// MAC and the key wrap of Ukrainian CMS) answering one request per line on stdin, one
// answer per line on stdout (tests/cipher/test_gost28147_interop.cpp sends them).
//
// Requests, fields in hex ("-" for none or empty; SBOX is 128 nibbles, rows K1..K8, or
// "-" for gost89's default DKE No.1):
//   ecb SBOX KEY DATA        cfb SBOX KEY IV DATA     cfbd SBOX KEY IV DATA
//   mac SBOX KEY DATA        wrap KEK CEK IV          unwrap KEK WRAPPED
// Answers: the result in hex, "-" for an empty one, "refused" for a failed unwrap.

const readline = require('readline');
const gost89 = require('gost89');

const bytes = (hex) => Buffer.from(hex === '-' ? '' : hex, 'hex');
const hex = (b) => (b && b.length ? Buffer.from(b).toString('hex') : '-');

// gost89 keeps the rows in the order K8..K1, one nibble per octet.
function cipher(sbox, key) {
  let g;
  if (sbox === '-') {
    g = gost89.init();
  } else {
    const nibbles = Buffer.from(sbox.split('').map((c) => parseInt(c, 16)));
    const rows = [];
    for (let r = 7; r >= 0; r--) rows.push(nibbles.subarray(16 * r, 16 * r + 16));
    g = gost89.init(Buffer.concat(rows));
  }
  g.key(bytes(key));
  return g;
}

function answer(words) {
  const [op, ...a] = words;
  switch (op) {
    case 'ecb': return hex(cipher(a[0], a[1]).crypt(bytes(a[2])));
    case 'cfb': return hex(cipher(a[0], a[1]).crypt_cfb(bytes(a[2]), bytes(a[3])));
    case 'cfbd': return hex(cipher(a[0], a[1]).decrypt_cfb(bytes(a[2]), bytes(a[3])));
    case 'mac': return hex(cipher(a[0], a[1]).mac(32, bytes(a[2])));
    case 'wrap': return hex(gost89.wrap_key(bytes(a[1]), bytes(a[0]), bytes(a[2])));
    case 'unwrap':
      try {
        return hex(gost89.unwrap_key(bytes(a[1]), bytes(a[0])));
      } catch (e) {
        return 'refused';
      }
    default: throw new Error(`unknown request ${op}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
const out = [];
lines.on('line', (line) => {
  if (line.trim()) out.push(answer(line.trim().split(/\s+/)));
});
lines.on('close', () => process.stdout.write(out.join('\n') + '\n'));
