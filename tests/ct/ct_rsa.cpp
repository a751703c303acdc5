// Constant-time cases of RSA signing: the private operation with dp, dq and qinv secret
// (p and q are fixed in the key's prepared moduli before the secrets are marked).
#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/keygen.hpp"

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

dstu::ct_check::Register r1("rsa: private operation (dp, dq, qinv secret)", private_op_forms);

}  // namespace
