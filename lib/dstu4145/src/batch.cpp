// Batch signing and verification (batch.hpp).
#include "dstu/dstu4145/batch.hpp"

#include <algorithm>
#include <map>

#include "dstu/base/wipe.hpp"
#include "dstu/ec/batch.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "sign_steps.hpp"

namespace dstu::dstu4145 {
namespace {

/// Requests per item of signing's last steps on the team.
constexpr std::size_t kFinishChunk = 64;

}  // namespace

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
    // The final check of each request on the team thread that computed its point.
    struct Check {
      const ec::Curve& curve;
      std::span<const VerifyRequest> requests;
      const std::vector<std::size_t>& index;
      std::vector<std::uint8_t>& valid;
    } check{*curve, requests, index, valid};
    ec::mul_double_batch_vartime(*curve, mults, threads,
                                 ec::BatchSink(
                                     [](void* ctx, std::size_t j, const ec::AffinePoint& big_r) {
                                       const Check& k = *static_cast<const Check*>(ctx);
                                       const VerifyRequest& q = k.requests[k.index[j]];
                                       k.valid[k.index[j]] = detail::check_point(k.curve, q.digest, *q.sig, big_r);
                                     },
                                     &check));
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
  // The last steps on the team (each request's own nonce and point; nothing drawn),
  // then, in order, a fresh signature for the rare request whose r or s was 0.
  std::vector<std::optional<Signature>> done(digests.size());
  const std::size_t chunks = (digests.size() + kFinishChunk - 1) / kFinishChunk;
  parallel::for_each(chunks, threads, [&](std::size_t t) {
    for (std::size_t i = t * kFinishChunk; i < std::min(digests.size(), (t + 1) * kFinishChunk); ++i) {
      done[i] = detail::finish_signature(key, hash_to_field(c, digests[i]), nonces[i], big_f[i]);
    }
  });
  std::vector<Signature> out;
  out.reserve(digests.size());
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (done[i]) {
      out.push_back(std::move(*done[i]));
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
