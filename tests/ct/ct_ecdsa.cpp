// Constant-time cases for lib/ecdsa: key generation, the public keys of both schemes,
// the RFC 6979 generator, and signing (deterministic and hedged, both schemes, one at a
// time and as a batch) with the private key and the fresh randomness secret. Only r, s,
// the range decisions and the blinded nonce k b (uniform; inverted in variable time)
// are declassified, inside the library.
#include <array>
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/ecdsa/batch.hpp"
#include "dstu/ecdsa/rfc6979.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace {

using dstu::ct::poison;
namespace ecdsa = dstu::ecdsa;
namespace ecp = dstu::ecp;

/// Random octets that come out poisoned, as OS randomness would be secret.
class SecretSource final : public dstu::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) {
      state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
      b = static_cast<std::uint8_t>(state_ >> 56);
    }
    poison(out.data(), out.size());
  }

 private:
  std::uint64_t state_ = 0x2545f4914f6cdd1dULL;
};

bool sign_case(const char* curve_name, ecdsa::Scheme scheme, ecdsa::Nonces nonces) {
  const ecdsa::Group& c = ecdsa::Group::named(curve_name);
  SecretSource rng;
  const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(c, rng);  // d comes out poisoned
  const ecdsa::PublicKey pub = ecdsa::public_key(scheme, key);  // public_key() declassifies Q itself
  const std::vector<std::uint8_t> digest(32, 0x5a);
  const ecdsa::Signature sig = ecdsa::sign(scheme, key, "sha256", digest, rng, nonces);
  return ecdsa::verify(scheme, pub, digest, sig);
}

/// sign_batch on two threads: every request's fresh octets drawn secret on the caller.
bool sign_batch_case() {
  const ecdsa::Group& c = ecdsa::Group::named("P-256");
  SecretSource rng;
  const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(c, rng);
  const ecdsa::PublicKey pub = ecdsa::public_key(ecdsa::Scheme::ecdsa, key);
  const std::vector<std::uint8_t> a(32, 0x5a), b(32, 0xa5), d(32, 0x3c);
  const std::vector<std::span<const std::uint8_t>> digests{a, b, d};
  const std::vector<ecdsa::Signature> sigs = ecdsa::sign_batch(ecdsa::Scheme::ecdsa, key, "sha256", digests, rng, 2);
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (!ecdsa::verify(ecdsa::Scheme::ecdsa, pub, digests[i], sigs[i])) return false;
  }
  return true;
}

dstu::ct_check::Register r1("ecdsa: P-256 keygen and deterministic ECDSA (d secret)",
                            [] { return sign_case("P-256", ecdsa::Scheme::ecdsa, ecdsa::Nonces::deterministic); });
dstu::ct_check::Register r2("ecdsa: brainpoolP256r1 hedged ECDSA (d and entropy secret)",
                            [] { return sign_case("brainpoolP256r1", ecdsa::Scheme::ecdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r3("ecdsa: brainpoolP384r1 hedged ECGDSA, public key d^-1 G (d and entropy secret)",
                            [] { return sign_case("brainpoolP384r1", ecdsa::Scheme::ecgdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r7("ecdsa: P-521 hedged ECDSA, the Mersenne fold inside the formulas (d and entropy secret)",
                            [] { return sign_case("P-521", ecdsa::Scheme::ecdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r8("ecdsa: brainpoolP512r1 deterministic ECDSA, 8-limb ADX reduction (d secret)",
                            [] { return sign_case("brainpoolP512r1", ecdsa::Scheme::ecdsa, ecdsa::Nonces::deterministic); });
dstu::ct_check::Register r9("ecdsa: brainpoolP320r1 hedged ECGDSA, 5-limb ADX reduction (d and entropy secret)",
                            [] { return sign_case("brainpoolP320r1", ecdsa::Scheme::ecgdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r4("ecdsa: B-233 hedged ECDSA on a binary curve (d and entropy secret)",
                            [] { return sign_case("B-233", ecdsa::Scheme::ecdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r6("ecdsa: B-571 hedged ECDSA, the largest binary field (d and entropy secret)",
                            [] { return sign_case("B-571", ecdsa::Scheme::ecdsa, ecdsa::Nonces::hedged); });
dstu::ct_check::Register r5("ecdsa: K-283 deterministic ECGDSA on a Koblitz curve (d secret)",
                            [] { return sign_case("K-283", ecdsa::Scheme::ecgdsa, ecdsa::Nonces::deterministic); });
dstu::ct_check::Register r10("ecdsa: P-256 sign_batch on two threads, hedged (d and entropy secret)", sign_batch_case);

}  // namespace
