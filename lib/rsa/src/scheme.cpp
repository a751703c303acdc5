// One signature scheme as a value, and batches (scheme.hpp).
#include "dstu/rsa/scheme.hpp"

#include <array>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::rsa {

std::string_view padding_name(Padding padding) { return padding == Padding::pss ? "pss" : "pkcs1"; }

Padding padding_from_name(std::string_view name) {
  if (name == "pss") return Padding::pss;
  if (name == "pkcs1") return Padding::pkcs1v15;
  throw_invalid("RSA padding '" + std::string(name) + "': pss or pkcs1");
}

std::size_t salt_octets(std::size_t salt_len, std::string_view hash) {
  return salt_len == kSaltHashLength ? digest_size(hash) : salt_len;
}

std::size_t max_salt_length(std::size_t key_bits, std::string_view hash) {
  const std::size_t em_len = (key_bits - 1 + 7) / 8;  // emBits = modBits - 1 (§8.1.1)
  const std::size_t h_len = digest_size(hash);
  return em_len >= h_len + 2 ? em_len - h_len - 2 : 0;
}

Bytes sign(const PrivateKey& key, const Scheme& scheme, std::string_view hash, std::span<const std::uint8_t> digest,
           RandomSource& rng) {
  if (scheme.padding == Padding::pkcs1v15) return sign_pkcs1v15(key, hash, digest, rng);
  if (scheme.salt_len == kSaltAny) throw_invalid("RSA-PSS signing needs a salt length ('any' is for verification)");
  return sign_pss(key, hash, digest, scheme.salt_len, rng);
}

bool verify_vartime(const PublicKey& key, const Scheme& scheme, std::string_view hash,
                    std::span<const std::uint8_t> digest, std::span<const std::uint8_t> sig) {
  if (scheme.padding == Padding::pkcs1v15) return verify_pkcs1v15_vartime(key, hash, digest, sig);
  return verify_pss_vartime(key, hash, digest, scheme.salt_len, sig);
}

std::vector<Bytes> sign_batch(const PrivateKey& key, const Scheme& scheme, std::string_view hash,
                              std::span<const std::span<const std::uint8_t>> digests, RandomSource& rng, int threads) {
  using Seed = std::array<std::uint8_t, 32>;
  std::vector<Seed, WipingAllocator<Seed>> seeds(digests.size());
  for (Seed& s : seeds) rng.fill(s);
  std::vector<Bytes> out(digests.size());
  // An item is a whole private operation (two exponentiations): one request per item.
  parallel::for_each(digests.size(), threads, [&](std::size_t i) {
    rng::ChaCha20Drbg own(std::span<const std::uint8_t, 32>(seeds[i]), 0);
    out[i] = sign(key, scheme, hash, digests[i], own);
  });
  return out;
}

}  // namespace dstu::rsa
