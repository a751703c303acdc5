// dstu::ecdsa — the signature schemes and their keys.
//
// Both schemes keep a private key d in [1, n-1]. The public keys differ: ECDSA
// publishes Q = d G (FIPS 186-5 §6.2), ECGDSA Q = d^-1 G (ISO/IEC 14888-3 EC-GDSA, BSI
// TR-03111 §4.2.1.2), so one private key has a different public key in each scheme.
#pragma once

#include <string_view>

#include "dstu/base/random.hpp"
#include "dstu/ecdsa/group.hpp"

namespace dstu::ecdsa {

enum class Scheme { ecdsa, ecgdsa };

/// "ecdsa" or "ecgdsa".
std::string_view scheme_name(Scheme s);
/// The scheme called `name` (as scheme_name writes it); Error(invalid_input) otherwise.
Scheme scheme_from_name(std::string_view name);

/// A private key: the group and d in [1, n-1]. Wipes d when destroyed; no operator==.
class PrivateKey {
 public:
  /// Error(invalid_input) unless 1 <= d < n (a public decision; constant time otherwise).
  PrivateKey(const Group& group, const Scalar& d);
  PrivateKey(const PrivateKey&) = default;
  PrivateKey& operator=(const PrivateKey&) = default;
  ~PrivateKey() { d_.wipe(); }

  /// d uniform in [1, n-1] by rejection sampling from `rng` (constant time per draw).
  static PrivateKey generate(const Group& group, RandomSource& rng);

  const Group& group() const { return *group_; }
  const Scalar& d() const { return d_; }

 private:
  const Group* group_;
  Scalar d_;
};

struct PublicKey {
  const Group* group = nullptr;
  Point q;  ///< finite, on the curve, of order n (as Group::decode_point checks)
};

/// A private key with its scheme: the two schemes' public keys differ, so a key file
/// names the scheme (its algorithm OID) and a key never serves both.
struct SchemeKey {
  Scheme scheme;
  PrivateKey key;
};

/// A public key with its scheme.
struct SchemePublicKey {
  Scheme scheme;
  PublicKey key;
};

/// The public key of `key` in scheme `s` (constant time in d).
PublicKey public_key(Scheme s, const PrivateKey& key);

/// A uniformly random scalar in [1, n-1]: octets of n's length from `rng`, the bits above
/// L(n) cleared, drawn again until the value is in range (constant time per draw).
Scalar random_scalar(const Group& group, RandomSource& rng);

/// Whether 1 <= x < n (constant time; the answer itself is public).
bool scalar_in_range(const Group& group, const Scalar& x);

}  // namespace dstu::ecdsa
