// dstu::ecdsa — many signatures with one key at once, spread over the team (as
// dstu4145::sign_batch is for DSTU 4145 keys): what a caller signing many files runs,
// without knowing how a signature draws its randomness.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "dstu/base/random.hpp"
#include "dstu/ecdsa/sign.hpp"

namespace dstu::ecdsa {

/// sign(scheme, key, hash_name, digests[i], entropy, nonces) for every i, on up to
/// `threads` team threads. Hedged, each signature's fresh octets are drawn from `entropy`
/// on the calling thread in request order, as signing one at a time draws them, so with
/// the same source the signatures are the same; deterministic, `entropy` is not read.
/// Constant time in d and the nonces.
std::vector<Signature> sign_batch(Scheme scheme, const PrivateKey& key, std::string_view hash_name,
                                  std::span<const std::span<const std::uint8_t>> digests, RandomSource& entropy,
                                  int threads, Nonces nonces = Nonces::hedged);

}  // namespace dstu::ecdsa
