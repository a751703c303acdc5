// Batch signing and verification (batch.hpp).
#include "dstu/dstu4145/batch.hpp"

#include <map>

#include "dstu/base/wipe.hpp"
#include "dstu/ec/batch.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "sign_steps.hpp"

namespace dstu::dstu4145 {

std::vector<std::uint8_t> verify_batch(std::span<const VerifyRequest> requests, int threads) {
  std::vector<std::uint8_t> valid(requests.size(), 0);
  // Requests in range, grouped by curve; the others stay invalid.
  std::map<const ec::Curve*, std::vector<std::size_t>> by_curve;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const VerifyRequest& q = requests[i];
    if (q.key->curve != nullptr && detail::in_range(*q.key->curve, *q.sig)) by_curve[q.key->curve].push_back(i);
  }
  for (const auto& [curve, index] : by_curve) {
    std::vector<ec::DoubleScalar> mults;
    mults.reserve(index.size());
    for (std::size_t i : index) mults.push_back({&requests[i].sig->s, &requests[i].sig->r, &requests[i].key->q});
    const std::vector<ec::AffinePoint> big_r = ec::mul_double_batch_vartime(*curve, mults, threads);
    for (std::size_t j = 0; j < index.size(); ++j) {
      const VerifyRequest& q = requests[index[j]];
      valid[index[j]] = detail::check_point(*curve, q.digest, *q.sig, big_r[j]) ? 1 : 0;
    }
  }
  return valid;
}

std::vector<Signature> sign_batch(const PrivateKey& key, std::span<const std::span<const std::uint8_t>> digests,
                                  RandomSource& nonce_source, int threads, NonceMode mode) {
  const ec::Curve& c = key.curve();
  // Nonces and nonce points are wiped however this returns (finish_signature wipes
  // each one it uses; the allocator and the guard cover an exception on the way).
  std::vector<ec::Scalar, WipingAllocator<ec::Scalar>> nonces;
  nonces.reserve(digests.size());
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (mode == NonceMode::hedged) {
      HedgedNonces hedged(nonce_source, key, digests[i]);
      nonces.push_back(random_scalar(c, hedged));
    } else {
      nonces.push_back(random_scalar(c, nonce_source));
    }
  }
  std::vector<ec::AffinePoint> big_f = ec::mul_base_batch(c, nonces, threads);
  struct Wipe {
    std::vector<ec::AffinePoint>& points;
    ~Wipe() { secure_wipe(points.data(), points.size() * sizeof(ec::AffinePoint)); }
  } wipe_points{big_f};
  std::vector<Signature> out;
  out.reserve(digests.size());
  for (std::size_t i = 0; i < digests.size(); ++i) {
    const gf2m::Element h = hash_to_field(c, digests[i]);
    std::optional<Signature> sig = detail::finish_signature(key, h, nonces[i], big_f[i]);
    if (sig) {
      out.push_back(std::move(*sig));
    } else if (mode == NonceMode::hedged) {  // r or s was 0: another nonce, hedged anew
      HedgedNonces hedged(nonce_source, key, digests[i]);
      out.push_back(sign_digest(key, digests[i], hedged, 1));
    } else {
      out.push_back(sign_digest(key, digests[i], nonce_source, 1));
    }
  }
  return out;
}

}  // namespace dstu::dstu4145
