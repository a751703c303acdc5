// The integers mod n (dstu/curve/scalar.hpp) against mp::Nat's arithmetic: orders of
// every width (1 to 9 limbs, from the tiny curves' to P-521's and B-571's), operands
// shaped for carries and edges (0, 1, n - 1, all-ones limbs), every value k < 2^576 for
// reduce; inverses (constant time and variable time) against a a^-1 = 1; the refusals.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/curve/scalar.hpp"
#include "test_random.hpp"

namespace curve = dstu::curve;
using curve::Scalar;
using dstu::mp::Nat;

namespace {

/// Prime orders of each width: tiny, the curves' (P-256, dstu257, brainpoolP384r1,
/// P-521, B-571), 2^127 - 1.
std::vector<Nat> prime_orders() {
  return {Nat(5), Nat(7), Nat(251), Nat::from_hex("7fffffffffffffffffffffffffffffff"),
          Nat::from_hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
          Nat::from_hex("800000000000000000000000000000006759213AF182E987D3E17714907D470D"),
          Nat::from_hex("8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565"),
          Nat::from_hex("1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a"
                        "5d03bb5c9b8899c47aebb6fb71e91386409"),
          Nat::from_hex("3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE661CE18FF55987308059B1868238"
                        "51EC7DD9CA1161DE93D5174D66E8382E9BB2FE84E47")};
}

Nat random_below(dstu::test::TestRng& rng, const Nat& n) {
  const std::vector<std::uint64_t> l = rng.limbs(n.size() + 1);
  return Nat::from_limbs(l) % n;
}

}  // namespace

TEST_CASE("reduce, add, sub and mul mod n equal Nat's, for orders of 1 to 9 limbs") {
  dstu::test::TestRng rng(2601);
  for (const Nat& n : prime_orders()) {
    const curve::ScalarField f(n, "test");
    CHECK(f.order() == n);
    CHECK(curve::scalar_to_nat(f.order_scalar()) == n);
    std::vector<Nat> values = {Nat(0), Nat(1), n - Nat(1)};
    for (int i = 0; i < 40; ++i) values.push_back(random_below(rng, n));
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Nat& a = values[i];
      const Nat& b = values[(i * 7 + 3) % values.size()];
      const Scalar sa = curve::scalar_from_nat(a), sb = curve::scalar_from_nat(b);
      INFO("n = " << n.to_hex() << ", a = " << a.to_hex() << ", b = " << b.to_hex());
      CHECK(curve::scalar_to_nat(f.add(sa, sb)) == (a + b) % n);
      CHECK(curve::scalar_to_nat(f.sub(sa, sb)) == (a + n - b) % n);
      CHECK(curve::scalar_to_nat(f.mul(sa, sb)) == (a * b) % n);
      CHECK((f.in_range(sa) != 0) == !a.is_zero());
      // Any k below 2^576, edge-shaped limbs.
      const Nat k = Nat::from_limbs(rng.limbs(curve::kScalarLimbs));
      CHECK(curve::scalar_to_nat(f.reduce(curve::scalar_from_nat(k))) == k % n);
    }
    CHECK(f.in_range(f.order_scalar()) == 0);
    CHECK(curve::scalar_to_nat(f.reduce(f.order_scalar())) == Nat(0));
  }
}

TEST_CASE("inverses mod n: a a^-1 = 1, the constant-time and variable-time ones agree, 0 gives 0") {
  dstu::test::TestRng rng(2602);
  for (const Nat& n : prime_orders()) {
    const curve::ScalarField f(n, "test");
    for (int i = 0; i < 30; ++i) {
      Nat a = i == 0 ? Nat(1) : i == 1 ? n - Nat(1) : random_below(rng, n);
      if (a.is_zero()) a = Nat(2);
      const Scalar sa = curve::scalar_from_nat(a), inv = f.inv(sa);
      INFO("n = " << n.to_hex() << ", a = " << a.to_hex());
      CHECK(curve::scalar_to_nat(f.mul(sa, inv)) == Nat(1));
      CHECK(curve::scalar_to_nat(f.inv_vartime(sa)) == curve::scalar_to_nat(inv));
    }
    CHECK(curve::scalar_to_nat(f.inv(Scalar())) == Nat(0));
  }
}

TEST_CASE("the refusals: orders out of range, inverses where n is no field") {
  CHECK_THROWS_AS(curve::ScalarField(Nat(1), "one"), dstu::Error);
  CHECK_THROWS_AS(curve::ScalarField(Nat::power_of_two(576), "wide"), dstu::Error);
  CHECK_THROWS_AS(curve::scalar_from_nat(Nat::power_of_two(576)), dstu::Error);
  // n = 3 (a tiny test curve) and an even n: the ring works, inverses are refused.
  for (const Nat& n : {Nat(3), Nat::power_of_two(64) + Nat(2)}) {
    const curve::ScalarField f(n, "small");
    CHECK(curve::scalar_to_nat(f.mul(curve::scalar_from_nat(Nat(2)), curve::scalar_from_nat(Nat(2)))) == Nat(4) % n);
    try {
      (void)f.inv(curve::scalar_from_nat(Nat(1)));
      CHECK(false);
    } catch (const dstu::Error& e) {
      CHECK(e.code() == dstu::Errc::unsupported);
      CHECK(std::string(e.what()).find("small") != std::string::npos);
    }
  }
}
