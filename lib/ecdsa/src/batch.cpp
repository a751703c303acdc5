// Many signatures with one key (batch.hpp).
#include "dstu/ecdsa/batch.hpp"

#include <array>

#include "dstu/base/wipe.hpp"
#include "dstu/parallel/team.hpp"
#include "sign_steps.hpp"

namespace dstu::ecdsa {

std::vector<Signature> sign_batch(Scheme scheme, const PrivateKey& key, std::string_view hash_name,
                                  std::span<const std::span<const std::uint8_t>> digests, RandomSource& entropy,
                                  int threads, Nonces nonces) {
  // The fresh octets drawn here, in order; each signature then needs only its own. An
  // item is a whole signature (a scalar multiplication): one request per item.
  using Fresh = std::array<std::uint8_t, detail::kFreshOctets>;
  std::vector<Fresh, WipingAllocator<Fresh>> fresh(nonces == Nonces::hedged ? digests.size() : 0);
  for (Fresh& f : fresh) entropy.fill(f);
  std::vector<Signature> out(digests.size());
  parallel::for_each(digests.size(), threads, [&](std::size_t i) {
    const std::span<const std::uint8_t> extra = fresh.empty() ? std::span<const std::uint8_t>() : fresh[i];
    out[i] = detail::sign_rfc6979(scheme, key, hash_name, digests[i], extra);
  });
  return out;
}

}  // namespace dstu::ecdsa
