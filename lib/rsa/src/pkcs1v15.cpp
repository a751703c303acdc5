// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) and EMSA-PKCS1-v1_5 (§9.2), and the hash names.
#include <algorithm>
#include <array>

#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/rsa/pkcs1.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/internal/public_op.hpp"

namespace dstu::rsa {

namespace {

struct HashInfo {
  std::string_view name;
  std::size_t size;
  // DER of DigestInfo up to the digest (RFC 8017 §9.2, Note 1): SEQUENCE { SEQUENCE {
  // OID, NULL }, OCTET STRING of `size` octets }.
  std::array<std::uint8_t, 19> prefix;
};

constexpr std::array<HashInfo, 4> kHashes{{
    {"sha224", 28, {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c}},
    {"sha256", 32, {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20}},
    {"sha384", 48, {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30}},
    {"sha512", 64, {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40}},
}};

const HashInfo& hash_info(std::string_view hash) {
  for (const HashInfo& h : kHashes) {
    if (h.name == hash) return h;
  }
  throw_invalid("RSA signatures take sha224, sha256, sha384 or sha512, not " + std::string(hash));
}

}  // namespace

std::size_t digest_size(std::string_view hash) { return hash_info(hash).size; }

Bytes hash_message(std::string_view hash, std::span<const std::uint8_t> message) {
  hash_info(hash);
  auto h = hash::make_hasher(hash);
  h->update(message);
  return h->final();
}

Bytes emsa_pkcs1v15_encode(std::string_view hash, std::span<const std::uint8_t> digest, std::size_t em_len) {
  const HashInfo& info = hash_info(hash);
  if (digest.size() != info.size) throw_invalid("digest length does not match the hash");
  const std::size_t t_len = info.prefix.size() + info.size;
  if (em_len < t_len + 11) throw_invalid("RSA modulus too short for this hash");
  Bytes em(em_len, 0xff);
  em[0] = 0x00;
  em[1] = 0x01;
  em[em_len - t_len - 1] = 0x00;
  std::copy(info.prefix.begin(), info.prefix.end(), em.end() - t_len);
  std::copy(digest.begin(), digest.end(), em.end() - info.size);
  return em;
}

Bytes sign_pkcs1v15(const PrivateKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                    RandomSource& rng) {
  const Bytes em = emsa_pkcs1v15_encode(hash, digest, key.size());
  const mp::Nat s = detail::private_op(key, mp::Nat::from_bytes_be(em), rng);
  return s.to_bytes_be(key.size());
}

bool verify_pkcs1v15_vartime(const PublicKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                             std::span<const std::uint8_t> sig) {
  const std::size_t k = key.size();
  if (sig.size() != k || key.n.is_zero()) return false;
  const mp::Nat s = mp::Nat::from_bytes_be(sig);
  if (s >= key.n) return false;
  const Bytes em = detail::public_op(key, s).to_bytes_be(k);
  return em == emsa_pkcs1v15_encode(hash, digest, k);
}

}  // namespace dstu::rsa
