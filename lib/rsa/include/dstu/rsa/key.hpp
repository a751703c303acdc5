// dstu::rsa — RSA keys (RFC 8017 §3) and their consistency checks.
//
// Depends on lib/mp (Nat). Secret: everything in PrivateKey except n and e. A
// PrivateKey wipes its limbs when destroyed and has no operator==.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "dstu/mp/nat.hpp"

namespace dstu::mp {
class SecretModulus;
}

namespace dstu::rsa {

/// Smallest modulus read or checked (old keys), smallest and largest generated.
inline constexpr std::size_t kMinReadBits = 512;
inline constexpr std::size_t kMinGenerateBits = 1024;
inline constexpr std::size_t kMaxBits = 16384;
/// The public exponent generation uses unless asked for another.
inline constexpr std::uint64_t kDefaultExponent = 65537;

namespace detail {

/// A key's prepared arithmetic (Context: the signer's moduli of p, q and n, or the
/// verifier's of n), made by its first use and shared by its copies; the user remakes it
/// when the key's numbers no longer match it. Copying a key while another thread uses
/// it is safe (the cache is shared atomically); moving from or assigning to a key in use
/// is not.
template <class Context>
class ContextCache {
 public:
  ContextCache() = default;
  ContextCache(const ContextCache& other) noexcept : ctx_(other.load()) {}
  ContextCache& operator=(const ContextCache& other) noexcept {
    store(other.load());
    return *this;
  }
  std::shared_ptr<const Context> load() const { return ctx_.load(std::memory_order_acquire); }
  void store(std::shared_ptr<const Context> ctx) const { ctx_.store(std::move(ctx), std::memory_order_release); }

 private:
  mutable std::atomic<std::shared_ptr<const Context>> ctx_;
};

struct SigningContext;
using SigningCache = ContextCache<SigningContext>;
using VerifyingCache = ContextCache<mp::SecretModulus>;

}  // namespace detail

/// An RSA public key (n, e). Public data.
struct PublicKey {
  mp::Nat n;  ///< modulus
  mp::Nat e;  ///< public exponent

  /// Bit length of n (modBits of RFC 8017).
  std::size_t bits() const { return n.bits(); }
  /// Length of n in octets (k of RFC 8017): the length of every signature.
  std::size_t size() const { return (n.bits() + 7) / 8; }

  /// The verifier's prepared modulus (not part of the key's value; see ContextCache).
  detail::VerifyingCache verifying{};
};

/// An RSA private key in the CRT form of RFC 8017 §3.2 (two primes). The members
/// other than n and e are secret: the destructor wipes them.
class PrivateKey {
 public:
  PrivateKey() = default;
  PrivateKey(const PrivateKey&) = default;
  PrivateKey(PrivateKey&&) noexcept = default;
  /// Assignment wipes the secrets it replaces first (a Nat frees its limbs unwiped).
  PrivateKey& operator=(const PrivateKey& other);
  PrivateKey& operator=(PrivateKey&& other) noexcept;
  ~PrivateKey();

  /// The key with primes p != q and public exponent e: d = e^-1 mod lcm(p-1, q-1),
  /// dp, dq, qinv = q^-1 mod p. Throws Error(invalid_input) if e is not invertible.
  /// Does not test p and q for primality. Variable time (the inverses): for keys being
  /// made or loaded, not in a signing loop.
  static PrivateKey from_primes(const mp::Nat& p, const mp::Nat& q, const mp::Nat& e);

  PublicKey public_key() const { return PublicKey{n, e}; }
  std::size_t bits() const { return n.bits(); }
  std::size_t size() const { return (n.bits() + 7) / 8; }

  /// Overwrites every member with zeros (the destructor calls it).
  void wipe();

  mp::Nat n, e, d, p, q, dp, dq, qinv;

  /// The signer's prepared moduli (not part of the key's value; see ContextCache).
  detail::SigningCache signing;
};

/// Checks a public key as read from outside: n odd, kMinReadBits <= bits(n) <=
/// kMaxBits, e odd, 3 <= e < n. Throws Error(invalid_input) naming the first failure.
void check_public_key(const PublicKey& key);

/// Checks a private key as read from outside (RFC 8017 §3.2, FIPS 186-5 A.1.1):
/// the public part as check_public_key, p q = n, 1 < d < n, d e = 1 mod lcm(p-1, q-1)
/// (or mod (p-1)(q-1), which old keys use), dp = d mod (p-1), dq = d mod (q-1),
/// q qinv = 1 mod p, and qinv < p. Throws Error(invalid_input) naming the first failure.
/// Variable time in the secrets: for keys being loaded, not in a signing loop.
void check_key(const PrivateKey& key);

/// Overwrites a Nat's limbs with zeros and empties it.
void wipe(mp::Nat& x) noexcept;

}  // namespace dstu::rsa
