// Differential fuzz target: our integers against GMP: product, remainder and modular
// exponentiation of three numbers cut from the input.
#include <gmp.h>

#include <cstdint>
#include <vector>

#include "dstu/mp/modular.hpp"
#include "dstu/mp/nat.hpp"

using dstu::mp::Nat;

namespace {

struct Mpz {
  mpz_t v;
  Mpz() { mpz_init(v); }
  ~Mpz() { mpz_clear(v); }
};

void to_mpz(Mpz& out, const std::uint8_t* p, std::size_t n) { mpz_import(out.v, n, 1, 1, 1, 0, p); }

bool equal(const Nat& a, const Mpz& b) {
  std::vector<std::uint8_t> bytes((mpz_sizeinbase(b.v, 2) + 7) / 8);
  std::size_t count = 0;
  mpz_export(bytes.data(), &count, 1, 1, 1, 0, b.v);
  bytes.resize(count);
  return a == Nat::from_bytes_be(bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3 || size > 3 * 512) return 0;
  const std::size_t third = size / 3;
  const std::uint8_t *pa = data, *pb = data + third, *pc = data + 2 * third;
  const std::size_t nc = size - 2 * third;
  const Nat a = Nat::from_bytes_be({pa, third}), b = Nat::from_bytes_be({pb, third}), c = Nat::from_bytes_be({pc, nc});
  Mpz ga, gb, gc, r;
  to_mpz(ga, pa, third);
  to_mpz(gb, pb, third);
  to_mpz(gc, pc, nc);
  mpz_mul(r.v, ga.v, gb.v);
  if (!equal(a * b, r)) __builtin_trap();
  if (!c.is_zero()) {
    mpz_mod(r.v, ga.v, gc.v);
    if (!equal(a % c, r)) __builtin_trap();
    if (c.is_odd() && third <= 64) {  // exponents up to 512 bits keep an input fast
      mpz_powm(r.v, ga.v, gb.v, gc.v);
      if (!equal(dstu::mp::powmod_vartime(a, b, c), r)) __builtin_trap();
    }
  }
  return 0;
}
