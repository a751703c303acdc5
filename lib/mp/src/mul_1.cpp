// Rows: a limb array times one limb (mul_1, addmul_1, submul_1).
//
// The portable kernels are plain C++ on 128-bit products. On CPUs with BMI2 and ADX
// the _adx kernels (mul_1_adx.cpp) run two independent carry chains; the choice is
// made per call from cpu::active(), so DSTU_CPU=portable reaches the portable code.
#include "carry.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/mp/limbs.hpp"
#include "kernels.hpp"

namespace dstu::mp::ln {

using detail::hi;
using detail::lo;
using detail::mul_wide;

Limb mul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w) {
  Limb carry = 0;
  for (std::size_t i = 0; i < n; ++i) {
    DLimb t = mul_wide(a[i], w) + carry;
    r[i] = lo(t);
    carry = hi(t);
  }
  return carry;
}

Limb addmul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w) {
  Limb carry = 0;
  for (std::size_t i = 0; i < n; ++i) {
    DLimb t = mul_wide(a[i], w) + r[i] + carry;
    r[i] = lo(t);
    carry = hi(t);
  }
  return carry;
}

Limb submul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w) {
  Limb borrow = 0;
  for (std::size_t i = 0; i < n; ++i) {
    DLimb t = mul_wide(a[i], w) + borrow;
    Limb p = lo(t);
    Limb x = r[i];
    r[i] = x - p;
    borrow = hi(t) + (x < p);
  }
  return borrow;
}

Limb mul_1(Limb* r, const Limb* a, std::size_t n, Limb w) {
  if (have_adx()) return mul_1_adx(r, a, n, w);
  return mul_1_portable(r, a, n, w);
}

Limb addmul_1(Limb* r, const Limb* a, std::size_t n, Limb w) {
  if (have_adx()) return addmul_1_adx(r, a, n, w);
  return addmul_1_portable(r, a, n, w);
}

Limb submul_1(Limb* r, const Limb* a, std::size_t n, Limb w) {
  return submul_1_portable(r, a, n, w);
}

}  // namespace dstu::mp::ln
