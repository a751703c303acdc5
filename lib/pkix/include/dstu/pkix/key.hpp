// dstu::pkix — a key of any kind dstu reads, and what follows from its kind: its
// public key, its identifier, its encodings, and the hash it implies.
//
// The kinds are DSTU 4145 (lib/dstu4145), ECDSA/ECGDSA (lib/ecdsa, the scheme part of
// the key) and RSA (lib/rsa), each private or public. The envelopes choose the kind by their algorithm OID
// (key_info.hpp); nothing here looks at a key's octets to decide what it is.
// Secret: the private keys' d (and an RSA key's primes and CRT values; the variants hold
// the schemes' own wiping key types).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ecdsa/keys.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::pkix {

using AnyPrivateKey = std::variant<dstu4145::PrivateKey, ecdsa::SchemeKey, rsa::PrivateKey>;
using AnyPublicKey = std::variant<dstu4145::PublicKey, ecdsa::SchemePublicKey, rsa::PublicKey>;
/// What a key file holds: one of the six.
using AnyKey = std::variant<dstu4145::PrivateKey, dstu4145::PublicKey, ecdsa::SchemeKey, ecdsa::SchemePublicKey,
                            rsa::PrivateKey, rsa::PublicKey>;

/// The same key as an AnyKey.
AnyKey any_key(const AnyPrivateKey& key);
AnyKey any_key(const AnyPublicKey& key);

bool is_private(const AnyKey& key);
/// The private key; Error(invalid_input) "a public key, not a private one" for a public one.
AnyPrivateKey private_key(const AnyKey& key);
/// The public key (of a private key: computed, in constant time).
AnyPublicKey public_key(const AnyKey& key);
AnyPublicKey public_key(const AnyPrivateKey& key);

/// The key's curve by its name ("dstu257", "P-256", ...). An RSA key has no curve: its
/// type stands where the curve would, "rsa" and the modulus' bits ("rsa2048",
/// rsa_key.hpp's rsa_key_name), so that what prints or compares a curve keeps working.
std::string curve_name(const AnyPublicKey& key);

/// The key identifier: Ukrainian PKI's for a DSTU 4145 key (dstu4145_key.hpp), SHA-256 of
/// the SubjectPublicKeyInfo for an ECDSA/ECGDSA or RSA key (ec_key.hpp, rsa_key.hpp); 32
/// octets every way.
Bytes key_id(const AnyPublicKey& key);

/// The hash a signature with this key takes when none is named: GOST 34.311 for a DSTU
/// 4145 key; for an ECDSA/ECGDSA key the SHA-2 FIPS 186-5 pairs with the size of n
/// (ecdsa::default_hash); SHA-256 for an RSA key (what OpenSSL signs with by default).
std::string default_hash(const AnyPublicKey& key);

/// The hash called `hash_name` (hash::make_hasher's names) as this key uses it: GOST
/// 34.311 under a DSTU 4145 key's DKE, the S-box its DSTU4145Params carry for the hash
/// of what the key signs (without one, DKE No.1); every other hash, and every hash under
/// an ECDSA/ECGDSA or RSA key, as hash::make_hasher gives it. Error(invalid_input) for an
/// unknown name.
std::unique_ptr<hash::Hasher> make_hasher(const AnyPublicKey& key, std::string_view hash_name);

/// SubjectPublicKeyInfo of any kind (dstu4145_key.hpp, ec_key.hpp, rsa_key.hpp).
Bytes encode_spki(const AnyPublicKey& key);
/// PrivateKeyInfo of any kind; `form` is the layout of a DSTU 4145 key (ECDSA/ECGDSA and
/// RSA keys have one).
SecureBytes encode_pkcs8(const AnyPrivateKey& key, Dstu4145Form form = Dstu4145Form::uapki);

/// The key in a SubjectPublicKeyInfo / PrivateKeyInfo, its kind chosen by the algorithm
/// OID: Error(unsupported) "not a DSTU 4145 key, nor an ECDSA/ECGDSA or RSA one (algorithm OID)"
/// for any other algorithm; otherwise that kind's decoder's errors.
AnyPublicKey decode_spki(std::span<const std::uint8_t> der);
AnyPrivateKey decode_pkcs8(std::span<const std::uint8_t> der);

}  // namespace dstu::pkix
