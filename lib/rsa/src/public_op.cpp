// RSAVP1 on a prepared modulus, cached in the key.
#include "dstu/rsa/internal/public_op.hpp"

#include <memory>

#include "dstu/mp/modular.hpp"

namespace dstu::rsa::detail {

mp::Nat public_op(const PublicKey& key, const mp::Nat& s) {
  if (!key.n.is_odd() || key.n < mp::Nat(3)) return mp::powmod_vartime(s, key.e, key.n);
  auto ctx = key.verifying.load();
  if (!ctx || ctx->modulus() != key.n) {
    ctx = std::make_shared<const mp::SecretModulus>(key.n);
    key.verifying.store(ctx);
  }
  return ctx->powmod_vartime(s, key.e);
}

}  // namespace dstu::rsa::detail
