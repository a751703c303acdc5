// RSASSA-PSS (RFC 8017 §8.1), EMSA-PSS (§9.1) and MGF1 (appendix B.2.1).
#include <algorithm>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/pkcs1.hpp"
#include "dstu/rsa/scheme.hpp"
#include "dstu/rsa/internal/public_op.hpp"

namespace dstu::rsa {

namespace {

// mask ^= MGF1(seed, mask.size()) with the named hash.
void xor_mgf1(std::span<std::uint8_t> mask, std::string_view hash, std::span<const std::uint8_t> seed) {
  auto h = hash::make_hasher(hash);
  std::size_t done = 0;
  for (std::uint32_t counter = 0; done < mask.size(); ++counter) {
    const std::uint8_t c[4] = {static_cast<std::uint8_t>(counter >> 24), static_cast<std::uint8_t>(counter >> 16),
                               static_cast<std::uint8_t>(counter >> 8), static_cast<std::uint8_t>(counter)};
    h->update(seed);
    h->update(c);
    const Bytes block = h->final();
    for (std::size_t i = 0; i < block.size() && done < mask.size(); ++i) mask[done++] ^= block[i];
  }
}

// H = Hash(00 x 8 || mHash || salt).
Bytes pss_hash(std::string_view hash, std::span<const std::uint8_t> digest, std::span<const std::uint8_t> salt) {
  auto h = hash::make_hasher(hash);
  const std::uint8_t zeros[8] = {};
  h->update(zeros);
  h->update(digest);
  h->update(salt);
  return h->final();
}

}  // namespace

Bytes emsa_pss_encode(std::string_view hash, std::span<const std::uint8_t> digest,
                      std::span<const std::uint8_t> salt, std::size_t em_bits) {
  const std::size_t h_len = digest_size(hash);
  if (digest.size() != h_len) throw_invalid("digest length does not match the hash");
  const std::size_t em_len = (em_bits + 7) / 8;
  if (em_len < h_len + salt.size() + 2) throw_invalid("RSA modulus too short for this hash and salt");
  const std::size_t db_len = em_len - h_len - 1;
  Bytes em(em_len, 0);
  // DB = PS || 01 || salt, masked by MGF1(H); then H, then BC.
  em[db_len - salt.size() - 1] = 0x01;
  std::copy(salt.begin(), salt.end(), em.begin() + static_cast<std::ptrdiff_t>(db_len - salt.size()));
  const Bytes h = pss_hash(hash, digest, salt);
  xor_mgf1(std::span(em).first(db_len), hash, h);
  em[0] &= static_cast<std::uint8_t>(0xff >> (8 * em_len - em_bits));
  std::copy(h.begin(), h.end(), em.begin() + static_cast<std::ptrdiff_t>(db_len));
  em[em_len - 1] = 0xbc;
  return em;
}

Bytes sign_pss(const PrivateKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
               std::size_t salt_len, RandomSource& rng) {
  salt_len = salt_octets(salt_len, hash);
  if (salt_len > key.size()) throw_invalid("PSS salt longer than the modulus");
  Bytes salt(salt_len);
  rng.fill(salt);
  const Bytes em = emsa_pss_encode(hash, digest, salt, key.bits() - 1);
  // EM (and the salt in it) is what anyone recovers from the signature as s^e mod n:
  // public once signed, so the private operation may compare it.
  ct::unpoison(em.data(), em.size());
  const mp::Nat s = detail::private_op(key, mp::Nat::from_bytes_be(em), rng);
  return s.to_bytes_be(key.size());
}

bool verify_pss_vartime(const PublicKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                        std::size_t salt_len, std::span<const std::uint8_t> sig) {
  const std::size_t h_len = digest_size(hash);
  if (digest.size() != h_len) throw_invalid("digest length does not match the hash");
  salt_len = salt_octets(salt_len, hash);
  if (key.n.bits() < 2 || sig.size() != key.size()) return false;
  const mp::Nat s = mp::Nat::from_bytes_be(sig);
  if (s >= key.n) return false;
  const mp::Nat m = detail::public_op(key, s);
  const std::size_t em_bits = key.bits() - 1, em_len = (em_bits + 7) / 8;
  if (m.bits() > em_bits) return false;  // §8.1.2 step 2c: I2OSP(m, emLen) fails
  Bytes em = m.to_bytes_be(em_len);
  if (em_len < h_len + 2 || em[em_len - 1] != 0xbc) return false;
  const std::size_t db_len = em_len - h_len - 1;
  const std::span<const std::uint8_t> h(em.data() + db_len, h_len);
  const std::uint8_t top_mask = static_cast<std::uint8_t>(0xff << (8 - (8 * em_len - em_bits)));
  if (8 * em_len > em_bits && (em[0] & top_mask) != 0) return false;
  std::span<std::uint8_t> db(em.data(), db_len);
  xor_mgf1(db, hash, h);
  db[0] &= static_cast<std::uint8_t>(0xff >> (8 * em_len - em_bits));
  // DB = 00..00 01 salt: find the 01 (or take the one salt_len fixes).
  std::size_t one = 0;
  while (one < db_len && db[one] == 0) ++one;
  if (one == db_len || db[one] != 0x01) return false;
  const std::size_t found_salt = db_len - one - 1;
  if (salt_len != kSaltAny && found_salt != salt_len) return false;
  const Bytes h2 = pss_hash(hash, digest, db.subspan(one + 1));
  return std::equal(h2.begin(), h2.end(), h.begin(), h.end());
}

}  // namespace dstu::rsa
