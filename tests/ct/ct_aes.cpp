// Constant-time cases for AES (lib/cipher): on the path the run's override leaves
// (portable: the bitsliced rounds and the GHASH by integer multiplication; the AES-NI
// run: AESENC/AESDEC and PCLMULQDQ, which Valgrind executes), with the key and the data
// secret: key expansion, ECB both ways, the fused CTR and CBC, GCM both ways (the tag
// verdict is public by design), CMAC, KW and KWP unwrapping.
#include <cstdio>
#include <string>
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_cmac.hpp"
#include "dstu/cipher/aes_gcm.hpp"
#include "dstu/cipher/aes_kw.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
using Bytes = std::vector<std::uint8_t>;
namespace ci = dstu::cipher;

Bytes pattern(std::size_t n, unsigned seed) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(seed * 131 + i * 29 + (i >> 3));
  return b;
}

bool block_modes(std::size_t key_len) {
  std::printf("  (AES kernels: %s)\n", std::string(ci::aes_path()).c_str());
  Bytes key = pattern(key_len, 1), data = pattern(16 * 9, 2);
  const Bytes iv = pattern(16, 3), plain = data;
  poison(key.data(), key.size());
  poison(data.data(), data.size());
  const ci::Aes c(key);
  Bytes e(data.size()), d(data.size()), x(data.size()), y(data.size() - 5);
  c.encrypt_blocks(e.data(), data.data(), 9);
  c.decrypt_blocks(d.data(), e.data(), 9);
  ci::aes_ctr_crypt(c, iv, y, {data.data(), y.size()});
  ci::aes_cbc_encrypt(c, iv, x, data);
  ci::aes_cbc_decrypt(c, iv, x, x);
  unpoison(d.data(), d.size());
  unpoison(x.data(), x.size());
  unpoison(y.data(), y.size());
  Bytes z(y.size());
  ci::aes_ctr_crypt(c, iv, z, y);  // the keystream again: back to the plaintext
  unpoison(z.data(), z.size());
  return d == plain && x == plain && z == Bytes(plain.begin(), plain.begin() + static_cast<long>(z.size()));
}

bool gcm() {
  Bytes key = pattern(32, 4), p = pattern(16 * 33 + 7, 5);
  const Bytes iv = pattern(12, 6), long_iv = pattern(20, 7), aad = pattern(21, 8), plain = p;
  poison(key.data(), key.size());
  poison(p.data(), p.size());
  const ci::AesGcm g(key);
  Bytes c(p.size()), tag(16), c2(p.size()), tag2(12);
  g.encrypt(c, tag, iv, aad, p);
  g.encrypt(c2, tag2, long_iv, aad, p);
  unpoison(c.data(), c.size());  // a ciphertext and its tag are public
  unpoison(tag.data(), tag.size());
  Bytes back(c.size());
  const bool ok = g.decrypt(back, iv, aad, c, tag);
  tag[3] ^= 1;
  Bytes refused(c.size());
  const bool bad = g.decrypt(refused, iv, aad, c, tag);
  unpoison(back.data(), back.size());
  return ok && !bad && back == plain;
}

bool mac_and_wrap() {
  Bytes key = pattern(16, 9), secret = pattern(40, 10);
  const Bytes msg = pattern(50, 11);
  poison(key.data(), key.size());
  poison(secret.data(), secret.size());
  const ci::Aes c(key);
  Bytes tag = ci::cmac(c, msg);
  unpoison(tag.data(), tag.size());
  const bool mac_ok = ci::cmac_verify(c, msg, tag);
  Bytes kw = ci::aes_kw_wrap(c, secret), kwp = ci::aes_kwp_wrap(c, {secret.data(), 37});
  unpoison(kw.data(), kw.size());  // wrapped keys are public
  unpoison(kwp.data(), kwp.size());
  auto a = ci::aes_kw_unwrap(c, kw);
  auto b = ci::aes_kwp_unwrap(c, kwp);
  kw[5] ^= 1;
  const bool refused = !ci::aes_kw_unwrap(c, kw).has_value();
  if (!a || !b) return false;
  unpoison(a->data(), a->size());
  unpoison(b->data(), b->size());
  unpoison(secret.data(), secret.size());
  return mac_ok && refused && Bytes(a->begin(), a->end()) == secret &&
         Bytes(b->begin(), b->end()) == Bytes(secret.begin(), secret.begin() + 37);
}

dstu::ct_check::Register r1("aes-128: key, ECB, CTR, CBC (key and data secret)", [] { return block_modes(16); });
dstu::ct_check::Register r2("aes-256: key, ECB, CTR, CBC (key and data secret)", [] { return block_modes(32); });
dstu::ct_check::Register r3("aes-256-gcm: GHASH, encrypt, decrypt (key and plaintext secret)", [] { return gcm(); });
dstu::ct_check::Register r4("aes-128: CMAC, KW, KWP (key and key data secret)", [] { return mac_and_wrap(); });

}  // namespace
