// Constant-time cases for Kalyna (DSTU 7624:2014) and Kupyna-KMAC (DSTU 7564:2014): the key
// schedule, encryption and decryption of the block sizes under a secret key and secret data,
// GCM with a secret key and plaintext (decryption's verdict is declassified by the library),
// CTR split over two threads, KW and padded KW unwrapping, and KMAC with a secret key and message, on whichever SPN path the override
// selects (the checker runs the portable path and the AVX2 one).
#include <cstring>

#include "ct_check.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/hash/kupyna_kmac.hpp"

namespace {

using dstu::Bytes;
using dstu::ct::poison;
using dstu::ct::unpoison;
namespace ci = dstu::cipher;

Bytes pattern(std::size_t n, std::uint8_t seed) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(seed + 37 * i + (i >> 3));
  return b;
}

/// Schedule, encrypt and decrypt 5 blocks (a batch tail on every path) with key and data secret.
bool block_cipher(std::size_t block_bits, std::size_t key_octets) {
  const std::size_t b = block_bits / 8;
  Bytes key = pattern(key_octets, 1), pt = pattern(5 * b, 2);
  Bytes want(pt.size());
  ci::Kalyna(block_bits, key).encrypt_blocks(want.data(), pt.data(), 5);
  poison(key.data(), key.size());
  poison(pt.data(), pt.size());
  const ci::Kalyna c(block_bits, key);
  Bytes ct(pt.size()), back(pt.size());
  c.encrypt_blocks(ct.data(), pt.data(), 5);
  c.decrypt_blocks(back.data(), ct.data(), 5);
  unpoison(ct.data(), ct.size());
  unpoison(back.data(), back.size());
  unpoison(pt.data(), pt.size());
  return ct == want && back == pt;
}

const dstu::ct_check::Register kalyna128("kalyna128-128 schedule, encrypt, decrypt", [] { return block_cipher(128, 16); });
const dstu::ct_check::Register kalyna256("kalyna256-512 schedule, encrypt, decrypt", [] { return block_cipher(256, 64); });
const dstu::ct_check::Register kalyna512("kalyna512-512 schedule, encrypt, decrypt", [] { return block_cipher(512, 64); });

const dstu::ct_check::Register gcm("kalyna128-256 GCM encrypt and decrypt", [] {
  Bytes key = pattern(32, 3), pt = pattern(40, 4);  // a partial last block
  const Bytes iv = pattern(16, 5), aad = pattern(21, 6);
  poison(key.data(), key.size());
  poison(pt.data(), pt.size());
  const ci::Kalyna c(128, key);
  Bytes ct(pt.size()), tag(16), back(pt.size());
  ci::kalyna_gcm_encrypt(c, iv, aad, pt, ct, tag);
  unpoison(ct.data(), ct.size());  // the output is public
  unpoison(tag.data(), tag.size());
  const bool ok = ci::kalyna_gcm_decrypt(c, iv, aad, ct, tag, back);
  unpoison(back.data(), back.size());
  unpoison(pt.data(), pt.size());
  return ok && back == pt;
});

// CTR split over two threads (each part from its own counter block, E(iv) + 1 stepped by
// the blocks before it: secret) equals the sequential CTR.
const dstu::ct_check::Register ctr_parallel("kalyna128-128 CTR split over two threads", [] {
  Bytes key = pattern(16, 7), pt = pattern(40 * 16 + 3, 8);
  const Bytes iv = pattern(16, 9);
  Bytes want(pt.size());
  ci::kalyna_ctr_crypt(ci::Kalyna(128, key), iv, want, pt);
  poison(key.data(), key.size());
  poison(pt.data(), pt.size());
  const ci::Kalyna c(128, key);
  Bytes ct(pt.size());
  ci::kalyna_ctr_crypt_parallel(c, iv, ct, pt, 2, ci::Split::always);
  unpoison(ct.data(), ct.size());
  return ct == want;
});

/// KW (whole blocks) or KW with padding (40 octets) of a secret under a secret key.
bool wrap_unwrap(bool padded) {
  Bytes key = pattern(32, 7), secret = pattern(padded ? 40 : 64, 8);
  poison(key.data(), key.size());
  poison(secret.data(), secret.size());
  const ci::Kalyna c(256, key);
  auto wrapped = padded ? ci::kalyna_kwp_wrap(c, secret) : ci::kalyna_kw_wrap(c, secret);
  unpoison(wrapped.data(), wrapped.size());
  dstu::SecureBytes back;
  const bool ok = padded ? ci::kalyna_kwp_unwrap(c, wrapped, back) : ci::kalyna_kw_unwrap(c, wrapped, back);
  unpoison(back.data(), back.size());
  unpoison(secret.data(), secret.size());
  return ok && Bytes(back.begin(), back.end()) == secret;
}

const dstu::ct_check::Register kw("kalyna256-256 KW wrap and unwrap", [] { return wrap_unwrap(false); });
const dstu::ct_check::Register kwp("kalyna256-256 KW with padding, wrap and unwrap", [] { return wrap_unwrap(true); });

const dstu::ct_check::Register kmac("kupyna KMAC-256 and KMAC-512", [] {
  bool good = true;
  for (std::size_t bits : {256, 512}) {
    Bytes key = pattern(bits / 8, 9), msg = pattern(150, 10);
    const Bytes want = dstu::hash::KupynaKmac::mac(bits, key, msg);
    poison(key.data(), key.size());
    poison(msg.data(), msg.size());
    dstu::hash::KupynaKmac m(bits, key);
    m.update(msg);
    Bytes mac = m.final();
    unpoison(mac.data(), mac.size());
    good = good && mac == want;
  }
  return good;
});

}  // namespace
