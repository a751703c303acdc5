// Internal: RSAVP1 (RFC 8017 §5.2.2), s^e mod n, shared by the PKCS#1 v1.5 and PSS
// verifiers.
#pragma once

#include "dstu/mp/nat.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::rsa::detail {

/// s^e mod n for s < n, on the key's prepared modulus (mp::SecretModulus: no division
/// per call), made by the key's first use and cached in it (PublicKey::verifying); a key
/// whose n cannot have one (even, or below 3) is raised by mp::powmod_vartime. Public
/// data, variable time.
mp::Nat public_op(const PublicKey& key, const mp::Nat& s);

}  // namespace dstu::rsa::detail
