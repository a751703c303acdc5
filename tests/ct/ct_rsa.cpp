// Constant-time cases for lib/rsa: RSASSA-PKCS1-v1_5 and RSASSA-PSS signing with every
// secret of the key poisoned (p, q, d, dp, dq, qinv) and the blinding and salt drawn
// secret. The signature (checked against the public key before it leaves) is the one
// value declassified, inside the library; a secret-dependent branch or index anywhere in
// the private operation (reductions, exponentiations, Garner's step) is reported.
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"
#include "dstu/rsa/scheme.hpp"

namespace {

namespace rsa = dstu::rsa;

/// Random octets that come out poisoned, as OS randomness would be secret.
class SecretSource final : public dstu::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) {
      state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
      b = static_cast<std::uint8_t>(state_ >> 56);
    }
    dstu::ct::poison(out.data(), out.size());
  }

 private:
  std::uint64_t state_ = 0x9e3779b97f4a7c15ULL;
};

/// A key generated from public randomness (generation is checked on its own), then its
/// secret members poisoned as a key read from a file would be.
rsa::PrivateKey secret_key(std::size_t bits) {
  dstu::rng::ChaCha20Drbg rng(30, bits);
  rsa::PrivateKey key = rsa::generate_key(bits, rng);
  for (const dstu::mp::Nat* x : {&key.d, &key.p, &key.q, &key.dp, &key.dq, &key.qinv}) {
    dstu::ct::poison(x->limbs().data(), x->limbs().size() * sizeof(dstu::mp::Limb));
  }
  return key;
}

bool sign_case(std::size_t bits, rsa::Padding padding) {
  const rsa::PrivateKey key = secret_key(bits);
  SecretSource rng;
  const std::vector<std::uint8_t> digest(32, 0x5a);
  const rsa::Scheme scheme{padding, rsa::kSaltHashLength};
  const dstu::Bytes sig = rsa::sign(key, scheme, "sha256", digest, rng);
  return rsa::verify_vartime(key.public_key(), scheme, "sha256", digest, sig);
}

dstu::ct_check::Register r1("rsa: 1024-bit PKCS#1 v1.5 signing by CRT (p, q, d, dp, dq, qinv and blinding secret)",
                            [] { return sign_case(1024, rsa::Padding::pkcs1v15); });
dstu::ct_check::Register r2("rsa: 2048-bit PSS signing by CRT (key, blinding and salt secret)",
                            [] { return sign_case(2048, rsa::Padding::pss); });

}  // namespace
