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

}  // namespace dstu::mp::ln

namespace dstu::mp::ln {

/// The quadratic product the sizes call for: Comba columns, or addmul_1 rows where
/// the hardware row kernel is faster (tuning::Thresholds::rows_mul and rows_sqr).
void mul_small(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb);
void sqr_small(Limb* r, const Limb* a, std::size_t n);

}  // namespace dstu::mp::ln
