// Division with remainder: Knuth, TAOCP vol. 2, 4.3.1, Algorithm D, on 64-bit limbs.
// Variable time (quotient digit corrections depend on the values); for public data.
#include <vector>

#include "carry.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::mp::ln {
namespace {

/// (hi:lo) / d with hi < d: returns the quotient, *rem the remainder.
inline Limb div_2by1(Limb hi, Limb lo, Limb d, Limb* rem) {
#if defined(__x86_64__)
  Limb q, r;
  __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
  *rem = r;
  return q;
#else
  DLimb n = static_cast<DLimb>(hi) << 64 | lo;
  *rem = static_cast<Limb>(n % d);
  return static_cast<Limb>(n / d);
#endif
}

/// The trial quotient digit for un[j..j+n] / vn (Knuth D3): exact or one too big
/// after the two-limb refinement.
Limb trial_digit(const Limb* u, const Limb* v, std::size_t n) {
  const Limb u2 = u[n], u1 = u[n - 1], u0 = n >= 2 ? u[n - 2] : 0;
  const Limb v1 = v[n - 1], v0 = n >= 2 ? v[n - 2] : 0;
  Limb qhat, rhat;
  if (u2 >= v1) {  // only u2 == v1 is possible; the digit is at most B - 1
    qhat = ~Limb{0};
    DLimb r = static_cast<DLimb>(u1) + v1;  // rhat = u2*B + u1 - qhat*v1 = u1 + v1
    if (r >> 64) return qhat;               // rhat >= B: no refinement possible
    rhat = static_cast<Limb>(r);
  } else {
    qhat = div_2by1(u2, u1, v1, &rhat);
  }
  // While qhat * v0 > rhat * B + u0, the digit is too big.
  while (static_cast<DLimb>(qhat) * v0 > (static_cast<DLimb>(rhat) << 64 | u0)) {
    --qhat;
    DLimb r = static_cast<DLimb>(rhat) + v1;
    if (r >> 64) break;
    rhat = static_cast<Limb>(r);
  }
  return qhat;
}

}  // namespace

Limb divrem_1_vartime(Limb* q, const Limb* u, std::size_t n, Limb d) {
  Limb rem = 0;
  for (std::size_t i = n; i-- > 0;) {
    Limb qi = div_2by1(rem, u[i], d, &rem);
    if (q) q[i] = qi;
  }
  return rem;
}

Limb mod_1_vartime(const Limb* u, std::size_t n, Limb d) {
  return divrem_1_vartime(nullptr, u, n, d);
}

void divrem_vartime(Limb* q, Limb* r, const Limb* u, std::size_t nu, const Limb* v,
                    std::size_t nv) {
  if (nv == 1) {
    Limb rem = 0;
    for (std::size_t i = nu; i-- > 0;) {
      Limb qi = div_2by1(rem, u[i], v[0], &rem);
      if (q) q[i] = qi;
    }
    if (r) r[0] = rem;
    return;
  }
  // D1: normalise so the divisor's top bit is set.
  const unsigned s = static_cast<unsigned>(__builtin_clzll(v[nv - 1]));
  std::vector<Limb> vn(nv), un(nu + 1);
  lshift(vn.data(), v, nv, s);
  un[nu] = lshift(un.data(), u, nu, s);
  // D2-D7: one quotient digit per step, from the top.
  for (std::size_t j = nu - nv + 1; j-- > 0;) {
    Limb* uj = un.data() + j;
    Limb qhat = trial_digit(uj, vn.data(), nv);
    Limb borrow = submul_1(uj, vn.data(), nv, qhat);
    Limb top = uj[nv];
    uj[nv] = top - borrow;
    if (top < borrow) {  // D6: the digit was one too big; add the divisor back
      --qhat;
      uj[nv] += add_n(uj, uj, vn.data(), nv);
    }
    if (q) q[j] = qhat;
  }
  // D8: unnormalise the remainder.
  if (r) rshift(r, un.data(), nv, s);
}

}  // namespace dstu::mp::ln
