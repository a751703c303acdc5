// dstu::dstu4145 — signing and verification (DSTU 4145-2002 §11-13, the digest taken to
// a field element by §5.9), on digests as the hash function outputs them.
#pragma once

#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::dstu4145 {

/// A signature: 0 < r, s < n. Public.
struct Signature {
  mp::Nat r, s;
};

/// h = the digest octets read as a little-endian integer, truncated to m bits; 1 if
/// that is 0 (§5.9 with the byte order of Ukrainian PKI).
gf2m::Element hash_to_field(const ec2m::Curve& curve, std::span<const std::uint8_t> digest);

/// Signs a digest (§12): nonce e uniform in [1, n-1] from `nonce_source`, F = x(e G),
/// y = h F, r = y truncated to L(n) - 1 bits, s = e + d r mod n, retried if r or s is
/// 0. Constant time in d and e. e G by ec2m::mul_base_chosen over `threads`: the split
/// comb only once this process has measured it faster (dstu/ec2m/chosen.hpp); threads =
/// 1 is the sequential twin. The same nonces are drawn either way. The nonces are drawn
/// exactly from `nonce_source` (known answers inject them so); to hedge them against a
/// weak source, pass HedgedNonces(entropy, key, digest) (nonce.hpp), as the CLI does.
Signature sign_digest(const PrivateKey& key, std::span<const std::uint8_t> digest, RandomSource& nonce_source,
                      int threads);

/// sign_digest over the threads a call made now would get (parallel::available()).
Signature sign_digest(const PrivateKey& key, std::span<const std::uint8_t> digest, RandomSource& nonce_source);

/// The range check of §13 alone: 0 < r < n and 0 < s < n.
bool signature_in_range(const ec2m::Curve& curve, const Signature& sig);

/// Verifies (§13): 0 < r, s < n; R = s G + r Q != O; r == trunc(h x(R)). The public key
/// must already be valid (valid_public_key). Variable time (public data). s G + r Q by
/// ec2m::mul_double_chosen_vartime over `threads` (1: the sequential twin).
bool verify_digest(const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig, int threads);

/// verify_digest over the threads a call made now would get (parallel::available()).
bool verify_digest(const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig);

}  // namespace dstu::dstu4145
