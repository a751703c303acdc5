// Internal: the ISA-specific kernel variants and the one test that picks them.
#pragma once

#include "dstu/cpu/features.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::mp::ln {

/// True when the mulx/adcx/adox kernels may run (BMI2 + ADX, not overridden).
inline bool have_adx() {
  const cpu::Features& f = cpu::active();
  return f.bmi2 && f.adx;
}

Limb mul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w);
Limb addmul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w);
Limb submul_1_portable(Limb* r, const Limb* a, std::size_t n, Limb w);

Limb mul_1_adx(Limb* r, const Limb* a, std::size_t n, Limb w);
Limb addmul_1_adx(Limb* r, const Limb* a, std::size_t n, Limb w);

/// Montgomery kernels of mont_adx.S (gen_mont_adx.py), for n limbs in 9..32 and
/// 40, 48, 56, 64. MontMulFn(r, t, a, b, m, m0inv): r = a b / B^n mod m, below m, for
/// a below B^n and b below m (t: 2n limbs of scratch; r may alias a or b);
/// MontSqrFn(r, t, a, m, m0inv): r = a^2 / B^n mod m for a below m; RedcFn(r, t, m,
/// m0inv): r = t / B^n mod m for t < m B^n (destroyed). m0inv = -m^-1 mod B.
using MontMulFn = void (*)(Limb* r, Limb* t, const Limb* a, const Limb* b, const Limb* m, Limb m0inv);
using MontSqrFn = void (*)(Limb* r, Limb* t, const Limb* a, const Limb* m, Limb m0inv);
using RedcFn = void (*)(Limb* r, Limb* t, const Limb* m, Limb m0inv);
/// The kernel for n limbs, or nullptr (another size, or no BMI2 + ADX).
MontMulFn montmul_adx(std::size_t n);
MontSqrFn montsqr_adx(std::size_t n);
RedcFn redc_adx(std::size_t n);

}  // namespace dstu::mp::ln

namespace dstu::mp::ln {

/// The quadratic product the sizes call for: Comba columns, or addmul_1 rows where
/// the hardware row kernel is faster (tuning::Thresholds::rows_mul and rows_sqr).
void mul_small(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
void sqr_small(Limb* r, const Limb* a, std::size_t n);

}  // namespace dstu::mp::ln
