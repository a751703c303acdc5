// The Montgomery product modulo P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-5,
// SP 800-186 §3.2.1.3), portable C++: CIOS as in mont_portable.hpp, but p's form makes
// each reduction step one product instead of four. With m0inv = 1 the step's m is t0;
// since p0 + p1 2^64 = 2^96 - 1 and p2 = 0, t0 + m (p0 + p1 2^64) = m 2^96, so t += m p
// is t1 += m << 32, t2 += m >> 32 and (t3, t4) += m p3 (the approach of Gueron and
// Krasnov, "Fast prime field elliptic-curve cryptography with 256-bit primes",
// J. Cryptographic Engineering 5(2), 2015). Results equal mont_mul_cios<4>'s exactly.
// Constant time: no branch or index on a or b; the final subtraction is masked.
// mont_adx.hpp has the same step in MULX/ADCX/ADOX form.
#pragma once

#include "dstu/gfp/internal/mont_portable.hpp"

namespace dstu::gfp::detail {

/// P-256's p, little-endian limbs.
inline constexpr Limb kP256[4] = {~Limb{0}, 0x00000000ffffffffULL, 0, 0xffffffff00000001ULL};

/// r = a b / 2^256 mod P-256's p for a, b < p (r may alias a or b); p must be kP256.
DSTU_GFP_INLINE void mont_mul_p256(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb /*m0inv*/) {
  Limb t[6] = {};
  for (std::size_t i = 0; i < 4; ++i) {
    // t += a b[i]
    Wide c = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      c = static_cast<Wide>(a[j]) * b[i] + t[j] + (c >> 64);
      t[j] = static_cast<Limb>(c);
    }
    c = static_cast<Wide>(t[4]) + (c >> 64);
    t[4] = static_cast<Limb>(c);
    t[5] = static_cast<Limb>(c >> 64);
    // t = (t + m p) / 2^64, m = t0
    const Limb m = t[0];
    c = static_cast<Wide>(t[1]) + (m << 32);
    t[0] = static_cast<Limb>(c);
    c = static_cast<Wide>(t[2]) + (m >> 32) + (c >> 64);
    t[1] = static_cast<Limb>(c);
    c = static_cast<Wide>(m) * kP256[3] + t[3] + (c >> 64);
    t[2] = static_cast<Limb>(c);
    c = static_cast<Wide>(t[4]) + (c >> 64);
    t[3] = static_cast<Limb>(c);
    t[4] = t[5] + static_cast<Limb>(c >> 64);
  }
  reduce_once<4>(r, t, t[4], p);
}

}  // namespace dstu::gfp::detail
