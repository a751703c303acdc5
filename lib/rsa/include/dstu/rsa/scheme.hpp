// dstu::rsa — one RSA signature scheme as a value: RSASSA-PSS or RSASSA-PKCS1-v1_5 with
// its salt length, signing and verification through it, and many signatures with one
// key spread over the team (as ecdsa::sign_batch is for ECDSA keys).
//
// Secret: the private key; the per-signature seeds drawn for a batch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/rsa/key.hpp"
#include "dstu/rsa/pkcs1.hpp"

namespace dstu::rsa {

enum class Padding { pss, pkcs1v15 };

/// "pss" or "pkcs1"; and back (Error(invalid_input) naming the two for another name).
std::string_view padding_name(Padding padding);
Padding padding_from_name(std::string_view name);

/// A signature scheme. salt_len is PSS's only: kSaltHashLength (the digest length, what
/// signing uses unless told), a number of octets, or kSaltAny (verification only: what
/// the signature carries, as OpenSSL verifies by default).
struct Scheme {
  Padding padding = Padding::pss;
  std::size_t salt_len = kSaltHashLength;
};

/// A PSS salt length in octets: kSaltHashLength as `hash`'s digest length, a number as
/// it is (kSaltAny too: the caller decides what "any" means). Error(invalid_input) for a
/// hash the signatures do not take.
std::size_t salt_octets(std::size_t salt_len, std::string_view hash);

/// The largest PSS salt a key of `key_bits` takes with `hash` (emLen - hLen - 2).
std::size_t max_salt_length(std::size_t key_bits, std::string_view hash);

/// sign_pss or sign_pkcs1v15 as `scheme` says; throws as they do, and Error(invalid_input)
/// for kSaltAny.
Bytes sign(const PrivateKey& key, const Scheme& scheme, std::string_view hash, std::span<const std::uint8_t> digest,
           RandomSource& rng);

/// verify_pss_vartime or verify_pkcs1v15_vartime as `scheme` says. Public data.
bool verify_vartime(const PublicKey& key, const Scheme& scheme, std::string_view hash,
                    std::span<const std::uint8_t> digest, std::span<const std::uint8_t> sig);

/// sign(key, scheme, hash, digests[i], ...) for every i on up to `threads` team threads.
/// Each signature's randomness (blinding, salt) comes from a 32-octet seed drawn from
/// `rng` on the calling thread in request order, so the same source gives the same
/// signatures on any number of threads.
std::vector<Bytes> sign_batch(const PrivateKey& key, const Scheme& scheme, std::string_view hash,
                              std::span<const std::span<const std::uint8_t>> digests, RandomSource& rng, int threads);

}  // namespace dstu::rsa
