// dstu::dstu4145 — many signatures or verifications at once, over the batch scalar
// multiplications of ec (batch.hpp there): requests spread over the team, one request
// per thread at a time in chunks that share their final inversion.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dstu/dstu4145/nonce.hpp"
#include "dstu/dstu4145/sign.hpp"

namespace dstu::dstu4145 {

/// One verification (pointers and views into the caller's data).
struct VerifyRequest {
  const PublicKey* key;
  std::span<const std::uint8_t> digest;
  const Signature* sig;
};

/// result[i] == verify_digest(*key, digest, *sig) for every request (1 valid, 0 not),
/// on up to `threads` team threads. Keys may be on different curves.
std::vector<std::uint8_t> verify_batch(std::span<const VerifyRequest> requests, int threads);

/// sign_digest(key, digests[i], nonce_source) for every i, on up to `threads` team
/// threads. The nonces are drawn from `nonce_source` on the calling thread in request
/// order, as one-at-a-time signing draws them, so with the same source the signatures
/// are the same (unless a retry on r = 0 or s = 0, probability about 2^-m per request,
/// draws a nonce out of that order). With NonceMode::hedged each request's nonce comes
/// from HedgedNonces(nonce_source, key, digests[i]) (nonce.hpp), as signing one at a
/// time with that source would draw it: what the CLI does. Constant time in the key and
/// the nonces.
std::vector<Signature> sign_batch(const PrivateKey& key, std::span<const std::span<const std::uint8_t>> digests,
                                  RandomSource& nonce_source, int threads, NonceMode mode = NonceMode::exact);

}  // namespace dstu::dstu4145
