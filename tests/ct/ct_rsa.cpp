// Constant-time cases of RSA signing: the private operation in both forms of the CRT
// halves with dp, dq and qinv secret, and PKCS#1 v1.5 and PSS signing through the public
// API with d, dp, dq, qinv and the PSS salt secret. Not marked, and so not checked here:
// p and q (the key's moduli are prepared once per key, by a division, before the secrets
// are marked; signing then uses the prepared copies, whose results SecretModulus
// declassifies as they leave), and the blinding pair (drawn every 32 signatures, by a
// division and the inverse of r u, here by the first, public signature). Valgrind has no AVX-512:
// the IFMA kernels are not checked either (tests/ct/CMakeLists.txt).
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/keygen.hpp"
#include "dstu/rsa/scheme.hpp"

namespace {

using dstu::mp::Nat;
namespace rsa = dstu::rsa;

void mark(Nat& x, bool secret) {
  if (secret) {
    dstu::ct::poison(x.limbs().data(), x.size() * sizeof(dstu::mp::Limb));
  } else {
    dstu::ct::unpoison(x.limbs().data(), x.size() * sizeof(dstu::mp::Limb));
  }
}

bool private_op_forms() {
  bool ok = true;
  dstu::rng::ChaCha20Drbg rng(4030, 1);
  rsa::PrivateKey key = rsa::generate_key(1024, rng);
  const Nat m = key.n - Nat(977);
  const Nat want = dstu::mp::powmod_sequential_vartime(m, key.d, key.n);
  ok = ok && rsa::detail::private_op(key, m, rng) == want;  // prepares the moduli
  for (auto form : {rsa::detail::Halves::sequential, rsa::detail::Halves::split}) {
    for (Nat* x : {&key.dp, &key.dq, &key.qinv}) mark(*x, true);
    Nat s = rsa::detail::private_op_as(form, key, m, rng);
    for (Nat* x : {&key.dp, &key.dq, &key.qinv}) mark(*x, false);
    ok = ok && s == want;
  }
  return ok;
}

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

/// Signing through rsa::sign: the first signature prepares the key's moduli and draws the
/// blinding pair; the second runs with the key's secret exponents and its fresh randomness
/// (the PSS salt) marked.
bool sign_case(std::size_t bits, rsa::Padding padding) {
  dstu::rng::ChaCha20Drbg keygen_rng(30, bits);
  rsa::PrivateKey key = rsa::generate_key(bits, keygen_rng);
  const std::vector<std::uint8_t> digest(32, 0x5a);
  const rsa::Scheme scheme{padding, rsa::kSaltHashLength};
  dstu::rng::ChaCha20Drbg public_rng(31, bits);
  bool ok = rsa::verify_vartime(key.public_key(), scheme, "sha256", digest, rsa::sign(key, scheme, "sha256", digest, public_rng));
  for (Nat* x : {&key.d, &key.dp, &key.dq, &key.qinv}) mark(*x, true);
  SecretSource rng;
  const dstu::Bytes sig = rsa::sign(key, scheme, "sha256", digest, rng);
  for (Nat* x : {&key.d, &key.dp, &key.dq, &key.qinv}) mark(*x, false);
  return ok && rsa::verify_vartime(key.public_key(), scheme, "sha256", digest, sig);
}

dstu::ct_check::Register r1("rsa: private operation, both forms of the CRT halves (dp, dq, qinv secret)", private_op_forms);
dstu::ct_check::Register r2("rsa: 1024-bit PKCS#1 v1.5 signing (d, dp, dq, qinv secret)",
                            [] { return sign_case(1024, rsa::Padding::pkcs1v15); });
dstu::ct_check::Register r3("rsa: 2048-bit PSS signing (d, dp, dq, qinv and the salt secret)",
                            [] { return sign_case(2048, rsa::Padding::pss); });

}  // namespace
