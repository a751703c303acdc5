// Constant-time cases for lib/gfp and lib/ecp: every operation on secret elements of a
// NIST and a Brainpool field and on P-521 (Montgomery products, masked additions, the
// inverse by divsteps and its Fermat twin, cmov and the comparison masks), decoding a secret element from octets, and the
// scalar multiplication with the scalar and the point secret.
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/gfp/field.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
using dstu::gfp::Element;
using dstu::gfp::Field;
using dstu::mp::Nat;

bool field_ops(const char* name) {
  const Field& f = Field::named(name);
  const Nat x = f.prime() / Nat(3), y = f.prime() / Nat(7);
  Element a = f.from_nat(x), b = f.from_nat(y), r, s;
  poison(&a, sizeof a);
  poison(&b, sizeof b);
  f.mul(r, a, b);
  f.sqr(s, r);
  f.add(r, r, s);
  f.sub(r, r, a);
  f.neg(s, r);
  f.inv(r, s);
  f.mul(r, r, s);  // 1
  Element t;
  f.inv_fermat(t, s);
  f.mul(t, t, s);  // 1
  f.mul(r, r, t);
  dstu::ct::Mask m = f.eq(a, b) | f.is_zero(b);
  f.cmov(r, a, m);
  unpoison(&r, sizeof r);
  unpoison(&m, sizeof m);
  // Octets of a secret value (the decision "below p" is public by design).
  std::vector<std::uint8_t> octets = x.to_bytes_be(f.bytes());
  poison(octets.data(), octets.size());
  Element back;
  const bool ok = f.from_bytes_be(octets, back);
  std::vector<std::uint8_t> out(f.bytes());
  f.to_bytes_be(back, out);
  unpoison(out.data(), out.size());
  return m == 0 && f.eq(r, f.one()) != 0 && ok && Nat::from_bytes_be(out) == x;
}

bool scalar_mul(const char* name) {
  const dstu::ecp::Curve& c = dstu::ecp::Curve::named(name);
  const dstu::ecp::Scalar k = dstu::ecp::scalar_from_nat(c.order() / Nat(5));
  const dstu::ecp::AffinePoint want = dstu::ecp::mul_base(c, k);
  dstu::ecp::Scalar secret_k = k;
  dstu::ecp::AffinePoint g = c.generator();
  poison(&secret_k, sizeof secret_k);
  poison(&g.x, sizeof g.x);
  poison(&g.y, sizeof g.y);
  dstu::ecp::AffinePoint got = dstu::ecp::mul(c, secret_k, g);
  unpoison(&got, sizeof got);
  return dstu::ecp::same_point(c, got, want);
}

dstu::ct_check::Register r1("gfp: P-256 operations (elements secret)", [] { return field_ops("P-256"); });
dstu::ct_check::Register r2("gfp: brainpoolP384 operations (elements secret)", [] { return field_ops("brainpoolP384"); });
dstu::ct_check::Register r5("gfp: P-521 operations (elements secret)", [] { return field_ops("P-521"); });

dstu::ct_check::Register r3("ecp: P-256 scalar multiplication (k and P secret)", [] { return scalar_mul("P-256"); });
dstu::ct_check::Register r4("ecp: brainpoolP256r1 scalar multiplication (k and P secret)",
                            [] { return scalar_mul("brainpoolP256r1"); });

}  // namespace
