// Batch signing and verification (batch.hpp).
#include "dstu/dstu4145/batch.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/batch.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "sign_steps.hpp"

namespace dstu::dstu4145 {
namespace {

/// Signatures per item of the nonce derivations on the team (each an HMAC-GOST34.311 on
/// the constant-time cipher: small items spread even a short batch).
constexpr std::size_t kNonceChunk = 8;

}  // namespace

std::vector<std::uint8_t> verify_batch(std::span<const VerifyRequest> requests, int threads) {
  std::vector<std::uint8_t> valid(requests.size(), 0);
  // Requests in range, grouped by curve; the others stay invalid.
  std::map<const ec2m::Curve*, std::vector<std::size_t>> by_curve;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const VerifyRequest& q = requests[i];
    if (q.key->curve != nullptr && detail::in_range(*q.key->curve, *q.sig)) by_curve[q.key->curve].push_back(i);
  }
  for (const auto& [curve, index] : by_curve) {
    std::vector<ec2m::DoubleScalar> mults;
    mults.reserve(index.size());
    for (std::size_t i : index) {
      const Signature& sig = *requests[i].sig;
      mults.push_back({ec2m::scalar_from_nat(sig.s), ec2m::scalar_from_nat(sig.r), &requests[i].key->q});
    }
    // The final check of each request on the team thread that computed its point.
    struct Check {
      const ec2m::Curve& curve;
      std::span<const VerifyRequest> requests;
      const std::vector<std::size_t>& index;
      std::vector<std::uint8_t>& valid;
    } check{*curve, requests, index, valid};
    ec2m::mul_double_batch_vartime(*curve, mults, threads,
                                 ec2m::BatchSink(
                                     [](void* ctx, std::size_t j, const ec2m::AffinePoint& big_r) {
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
  const ec2m::Curve& c = key.curve();
  // Nonces and nonce points are wiped however this returns (finish_signature wipes
  // each one it uses; the allocator and the guard cover an exception on the way).
  std::vector<ec2m::Scalar, WipingAllocator<ec2m::Scalar>> nonces(digests.size());
  const std::size_t chunks = (digests.size() + kNonceChunk - 1) / kNonceChunk;
  if (mode == NonceMode::hedged) {
    // Each signature's fresh octets drawn in order, as one at a time would draw them;
    // the nonces derived from them on the team: an HMAC-GOST34.311 each on the
    // constant-time cipher, most of a hedged batch on one thread (`dstu bench sign`:
    // sign_batch on 1 and 2 threads).
    using Fresh = std::array<std::uint8_t, 32>;
    std::vector<Fresh, WipingAllocator<Fresh>> fresh(digests.size());
    for (Fresh& f : fresh) nonce_source.fill(f);
    parallel::for_each(chunks, threads, [&](std::size_t t) {
      for (std::size_t i = t * kNonceChunk; i < std::min(digests.size(), (t + 1) * kNonceChunk); ++i) {
        const std::span<const std::uint8_t, 32> octets{fresh[i]};
        HedgedNonces hedged(octets, key, digests[i]);
        ec2m::Scalar e = random_scalar(c, hedged);
        nonces[i] = e;
        e.wipe();
      }
    });
  } else {
    for (ec2m::Scalar& e : nonces) {
      ec2m::Scalar drawn = random_scalar(c, nonce_source);
      e = drawn;
      drawn.wipe();
    }
  }
  std::vector<ec2m::AffinePoint> big_f = ec2m::mul_base_batch(c, nonces, threads);
  struct Wipe {
    std::vector<ec2m::AffinePoint>& points;
    ~Wipe() { secure_wipe(points.data(), points.size() * sizeof(ec2m::AffinePoint)); }
  } wipe_points{big_f};
  // The last steps stay on the caller: on the team they measured slower (`dstu bench
  // sign`, sign_batch on 2 threads; each result allocates its numbers).
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
