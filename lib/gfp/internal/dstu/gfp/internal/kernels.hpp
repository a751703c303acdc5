// dstu::gfp — field arithmetic specialised at compile time for a prime's number of
// limbs, its special form and the CPU path, inline.
//
// For code that runs thousands of field operations (the scalar multiplications of
// lib/ecp), pick the kernel type once and let the compiler specialise the algorithm:
//
//   gfp::dispatch(field, [&](auto k) {     // k: Kernels<4, Form::m0inv_one, Path::adx>,
//     using K = decltype(k);               //    Kernels<6, Form::generic, Path::portable>,
//     typename K::Fe x = k.from(e), y;     //    Kernels<9, Form::mersenne521, ...>, ...
//     k.mul(y, x, x);                      // std::array<Limb, N>: no 9-limb padding,
//     k.add(y, y, x);                      // no indirect call, inlined
//     ...
//   });
//
// Elements are in the same Montgomery form as gfp::Field's (x 2^(64 N) mod p), so
// from() and to() only copy limbs. Calling a Kernels<N, F, Path::adx> member on a CPU
// without BMI2 and ADX is undefined: use dispatch(), which asks cpu::active() once per
// call (so DSTU_CPU and --cpu reach every path). The portable path is constant time
// like the hardware one: every member but the _vartime ones runs in time independent
// of the elements' values.
#pragma once

#include <array>
#include <cstddef>

#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gfp/internal/addsub_adx.hpp"
#include "dstu/gfp/field.hpp"
#include "dstu/gfp/internal/mont_adx.hpp"
#include "dstu/gfp/internal/mont_p256.hpp"
#include "dstu/gfp/internal/mont_p521.hpp"
#include "dstu/gfp/internal/mont_portable.hpp"
#include "dstu/gfp/internal/mont_sos_adx.hpp"
#include "dstu/gfp/internal/redc_adx.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::gfp {

/// The CPU path of a kernel type: portable C++, or MULX/ADCX/ADOX (BMI2 + ADX).
enum class Path : unsigned char { portable, adx };

/// Whether Path::adx kernels may run now: cpu::active() has BMI2 and ADX (x86-64 only).
inline bool adx_allowed() {
#if defined(__x86_64__)
  const cpu::Features& f = cpu::active();
  return f.bmi2 && f.adx;
#else
  return false;
#endif
}

namespace detail {

/// Whether an ADX product kernel exists for N limbs and form F (mont_adx.hpp);
/// elsewhere Path::adx is not instantiated and dispatch() takes the portable kernels.
constexpr bool has_adx_kernel(std::size_t n, Form f) {
#if defined(__x86_64__)
  return n == 4 || n == 5 || n == 6 || n == 8 || (n == 9 && f == Form::mersenne521);
#else
  return n == 0 && f != f;
#endif
}

/// The Montgomery product for N limbs, form F, path P, as a plain function (the same
/// one Field::mul calls through its table). Each choice is the faster of the variants
/// tests/perf/gfp_kernels times side by side:
///  - portable: FIPS (product scanning) from 6 limbs unless m0inv = 1, CIOS otherwise;
///    P-256 and P-521 by their own forms (mont_p256.hpp, mont_p521.hpp);
///  - BMI2 + ADX, 4 limbs: separated operand scanning (mont_sos_adx.hpp) with the final
///    subtraction inside the asm statement, ahead of its twin, the rotating CIOS of
///    mont_adx.hpp, at least in throughput;
///  - BMI2 + ADX, 5, 6 and 8 limbs: lib/mp's unrolled products and the generated
///    reduction of redc_adx.hpp; P-521: p521_adx.S, the product and the Mersenne fold;
///  - 3 limbs stay portable: the unrolled form is faster alone but moves neither signing
///    nor verification on P-192 and brainpoolP160r1 (tests/perf/ecdsa_vs_openssl).
template <std::size_t N, Form F, Path P>
DSTU_GFP_INLINE void mont_mul(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  constexpr bool m1 = F == Form::m0inv_one;
  if constexpr (F == Form::mersenne521) {
    static_assert(N == 9);
    if constexpr (P == Path::adx) {
      mont_mul_p521_adx(r, a, b);
    } else {
      mont_mul_p521(r, a, b, p, m0inv);
    }
  } else if constexpr (F == Form::p256) {
    static_assert(N == 4);
    if constexpr (P == Path::adx) {
      mont_mul_p256_sos_adx(r, a, b, p);
    } else {
      mont_mul_p256(r, a, b, p, m0inv);
    }
  } else if constexpr (P == Path::adx && N == 4) {
    mont_mul_4_sos_adx<m1>(r, a, b, p, m0inv);
  } else if constexpr (P == Path::adx) {
    Limb t[2 * N];
    mp::ln::mul_fixed_adx<N>(t, a, b);
    redc_adx<N>(r, t, p, m0inv);
  } else if constexpr (N >= 6 && !m1) {
    mont_mul_fips<N>(r, a, b, p, m0inv);
  } else {
    mont_mul_cios<N, m1>(r, a, b, p, m0inv);
  }
}

/// r = a^2 / 2^(64 N) mod p: a square kernel where one exists, else the product.
template <std::size_t N, Form F, Path P>
DSTU_GFP_INLINE void mont_sqr(Limb* r, const Limb* a, const Limb* p, Limb m0inv) {
  if constexpr (P == Path::adx && F == Form::p256) {
    mont_sqr_p256_adx(r, a, p);
  } else if constexpr (P == Path::adx && F == Form::mersenne521) {
    mont_sqr_p521_adx(r, a);
  } else if constexpr (P == Path::adx && N == 4) {
    mont_sqr_4_adx<F == Form::m0inv_one>(r, a, p, m0inv);
  } else if constexpr (P == Path::adx) {
    Limb t[2 * N];
    mp::ln::sqr_fixed_adx<N>(t, a);
    redc_adx<N>(r, t, p, m0inv);
  } else {
    mont_mul<N, F, P>(r, a, a, p, m0inv);
  }
}

/// The same product out of line: from 6 limbs a product is long enough that a call
/// costs little, and its unrolled code inline in every formula grows them several
/// times. Inline or not, verification measures the same within the noise
/// (tests/perf/ecdsa_vs_openssl); so out of line, the smaller code.
template <std::size_t N, Form F, Path P>
[[gnu::noinline]] void mont_mul_outline(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  mont_mul<N, F, P>(r, a, b, p, m0inv);
}

template <std::size_t N, Form F, Path P>
[[gnu::noinline]] void mont_sqr_outline(Limb* r, const Limb* a, const Limb* p, Limb m0inv) {
  mont_sqr<N, F, P>(r, a, p, m0inv);
}

/// Whether Kernels inline the product (else they call mont_mul_outline).
constexpr bool inline_product(std::size_t n) { return n <= 4; }

}  // namespace detail

/// Inline kernels for a prime of N limbs of form F on CPU path P. A small value type
/// (p's limbs, m0inv, one) made from its Field, which must outlive it.
template <std::size_t N, Form F, Path P>
class Kernels {
  static_assert(N >= 1 && N <= kMaxLimbs);
  static_assert(P == Path::portable || detail::has_adx_kernel(N, F), "no ADX kernel for this size and form");

 public:
  static constexpr std::size_t limbs = N;
  static constexpr Form form = F;
  static constexpr Path path = P;
  /// One element: N little-endian limbs in Montgomery form, below p.
  using Fe = std::array<mp::Limb, N>;

  explicit Kernels(const Field& f) : f_(&f), p_(from(f.modulus())), one_(from(f.one())), m0inv_(f.m0inv()) {}

  const Field& field() const { return *f_; }
  static Fe zero() { return Fe{}; }
  const Fe& one() const { return one_; }

  /// The element of a gfp::Element of the same field, and back.
  static Fe from(const Element& e) {
    Fe r;
    for (std::size_t i = 0; i < N; ++i) r[i] = e.w[i];
    return r;
  }
  static Element to(const Fe& a) {
    Element e;
    for (std::size_t i = 0; i < N; ++i) e.w[i] = a[i];
    return e;
  }

  DSTU_GFP_INLINE void mul(Fe& r, const Fe& a, const Fe& b) const {
    if constexpr (detail::inline_product(N)) {
      detail::mont_mul<N, F, P>(r.data(), a.data(), b.data(), p_.data(), m0inv_);
    } else {
      detail::mont_mul_outline<N, F, P>(r.data(), a.data(), b.data(), p_.data(), m0inv_);
    }
  }
  DSTU_GFP_INLINE void sqr(Fe& r, const Fe& a) const {
    if constexpr (detail::inline_product(N)) {
      detail::mont_sqr<N, F, P>(r.data(), a.data(), p_.data(), m0inv_);
    } else {
      detail::mont_sqr_outline<N, F, P>(r.data(), a.data(), p_.data(), m0inv_);
    }
  }
  DSTU_GFP_INLINE void add(Fe& r, const Fe& a, const Fe& b) const {
#if defined(__x86_64__)
    if constexpr (P == Path::adx && N == 4) {
      detail::add_mod_4_asm(r.data(), a.data(), b.data(), p_.data());
      return;
    } else if constexpr (P == Path::adx) {
      detail::add_mod_asm<N>(r.data(), a.data(), b.data(), p_.data());
      return;
    }
#endif
    detail::add_mod<N>(r.data(), a.data(), b.data(), p_.data());
  }
  DSTU_GFP_INLINE void sub(Fe& r, const Fe& a, const Fe& b) const {
#if defined(__x86_64__)
    if constexpr (P == Path::adx && N == 4) {
      detail::sub_mod_4_asm(r.data(), a.data(), b.data(), p_.data());
      return;
    } else if constexpr (P == Path::adx) {
      detail::sub_mod_asm<N>(r.data(), a.data(), b.data(), p_.data());
      return;
    }
#endif
    detail::sub_mod<N>(r.data(), a.data(), b.data(), p_.data());
  }
  DSTU_GFP_INLINE void neg(Fe& r, const Fe& a) const { sub(r, zero(), a); }
  /// r = a / 2 (constant time).
  DSTU_GFP_INLINE void half(Fe& r, const Fe& a) const { detail::half_mod<N>(r.data(), a.data(), p_.data()); }
  /// 1/a (0 for a = 0), constant time (Field::inv: Bernstein-Yang divsteps).
  void inv(Fe& r, const Fe& a) const {
    Element x = to(a), y;
    f_->inv(y, x);
    r = from(y);
    ScopedWipe wipe(x, y);
  }
  /// 1/a (0 for a = 0) for a public a (Field::inv_vartime).
  void inv_vartime(Fe& r, const Fe& a) const {
    Element y;
    f_->inv_vartime(y, to(a));
    r = from(y);
  }

  /// All ones when a = 0 (constant time).
  static ct::Mask is_zero(const Fe& a) {
    mp::Limb acc = 0;
    for (std::size_t i = 0; i < N; ++i) acc |= a[i];
    return ct::is_zero(acc);
  }
  static bool is_zero_vartime(const Fe& a) { return is_zero(a) != 0; }
  static ct::Mask eq(const Fe& a, const Fe& b) {
    mp::Limb acc = 0;
    for (std::size_t i = 0; i < N; ++i) acc |= a[i] ^ b[i];
    return ct::is_zero(acc);
  }
  /// r = a where mask is all ones.
  static void cmov(Fe& r, const Fe& a, ct::Mask mask) {
    for (std::size_t i = 0; i < N; ++i) r[i] ^= (r[i] ^ a[i]) & mask;
  }

 private:
  const Field* f_;
  Fe p_, one_;
  mp::Limb m0inv_;
};

/// Calls fn(Kernels<N, F, P>(f)) for f's number of limbs N and form F, with P the
/// hardware path where cpu::active() allows it and a kernel exists, and returns what fn
/// returns (every instantiation must return the same type). Instantiated: every N from
/// 1 to 9 on the portable path; P-192's m0inv = 1 (3 limbs); P-256; P-521; the ADX
/// products of detail::has_adx_kernel. Other primes of the special forms take the
/// generic kernels.
template <class Fn>
decltype(auto) dispatch(const Field& f, Fn&& fn) {
  const bool adx = adx_allowed();
  const std::size_t n = f.limbs();
  if (f.form() == Form::mersenne521) {
    if (adx) return fn(Kernels<9, Form::mersenne521, Path::adx>(f));
    return fn(Kernels<9, Form::mersenne521, Path::portable>(f));
  }
  if (f.form() == Form::p256) {
    if (adx) return fn(Kernels<4, Form::p256, Path::adx>(f));
    return fn(Kernels<4, Form::p256, Path::portable>(f));
  }
  if (f.form() == Form::m0inv_one && n == 3) return fn(Kernels<3, Form::m0inv_one, Path::portable>(f));
  switch (n) {
    case 1: return fn(Kernels<1, Form::generic, Path::portable>(f));
    case 2: return fn(Kernels<2, Form::generic, Path::portable>(f));
    case 3: return fn(Kernels<3, Form::generic, Path::portable>(f));
    case 4:
      if (adx) return fn(Kernels<4, Form::generic, Path::adx>(f));
      return fn(Kernels<4, Form::generic, Path::portable>(f));
    case 5:
      if (adx) return fn(Kernels<5, Form::generic, Path::adx>(f));
      return fn(Kernels<5, Form::generic, Path::portable>(f));
    case 6:
      if (adx) return fn(Kernels<6, Form::generic, Path::adx>(f));
      return fn(Kernels<6, Form::generic, Path::portable>(f));
    case 7: return fn(Kernels<7, Form::generic, Path::portable>(f));
    case 8:
      if (adx) return fn(Kernels<8, Form::generic, Path::adx>(f));
      return fn(Kernels<8, Form::generic, Path::portable>(f));
    default: return fn(Kernels<9, Form::generic, Path::portable>(f));
  }
}

}  // namespace dstu::gfp
