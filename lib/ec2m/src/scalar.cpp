// Constant-time scalar arithmetic mod n by Barrett at n's width, one N-limb chunk of
// the input at a time.
#include "dstu/ec2m/scalar.hpp"

#include "dstu/base/wipe.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m {
namespace {

template <std::size_t N>
Scalar widen_to_scalar(const mp::Fixed<N>& x) {
  Scalar r;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = x.v[i];
  return r;
}

template <std::size_t N>
mp::Fixed<N> narrow(const Scalar& x, std::size_t from = 0) {
  mp::Fixed<N> r;
  for (std::size_t i = 0; i < N && from + i < kScalarLimbs; ++i) r.v[i] = x.v[from + i];
  return r;
}

}  // namespace

namespace detail {

ScalarModulus make_scalar_modulus(const mp::Nat& n) {
  switch (n.size()) {
    case 1: return mp::FixedModulus<1>(n);
    case 2: return mp::FixedModulus<2>(n);
    case 3: return mp::FixedModulus<3>(n);
    case 4: return mp::FixedModulus<4>(n);
    case 5: return mp::FixedModulus<5>(n);
    case 6: return mp::FixedModulus<6>(n);
    case 7: return mp::FixedModulus<7>(n);
    case 8: return mp::FixedModulus<8>(n);
    default: return mp::FixedModulus<9>(n);
  }
}

}  // namespace detail

Scalar scalar_reduce(const Curve& c, const Scalar& k) {
  return std::visit(
      [&](const auto& mod) {
        constexpr std::size_t N = std::decay_t<decltype(mod.modulus())>::kLimbs;
        // r = ((chunk_top B^N + chunk) mod n ...) from the most significant chunk down.
        constexpr std::size_t chunks = (kScalarLimbs + N - 1) / N;
        mp::Fixed<N> r, chunk;
        mp::Fixed<2 * N> wide;
        const ScopedWipe wipe(r, chunk, wide);  // k may be a key or a nonce
        for (std::size_t j = chunks; j-- > 0;) {
          chunk = narrow<N>(k, j * N);
          for (std::size_t i = 0; i < N; ++i) {
            wide.v[i] = chunk.v[i];
            wide.v[N + i] = r.v[i];
          }
          r = mod.reduce(wide);
        }
        return widen_to_scalar(r);
      },
      c.precomputed().modulus);
}

Scalar scalar_add(const Curve& c, const Scalar& a, const Scalar& b) {
  return std::visit(
      [&](const auto& mod) {
        constexpr std::size_t N = std::decay_t<decltype(mod.modulus())>::kLimbs;
        mp::Fixed<N> x = narrow<N>(a), y = narrow<N>(b), sum = mod.add(x, y);
        const ScopedWipe wipe(x, y, sum);
        return widen_to_scalar(sum);
      },
      c.precomputed().modulus);
}

Scalar scalar_mul(const Curve& c, const Scalar& a, const Scalar& b) {
  return std::visit(
      [&](const auto& mod) {
        constexpr std::size_t N = std::decay_t<decltype(mod.modulus())>::kLimbs;
        mp::Fixed<N> x = narrow<N>(a), y = narrow<N>(b), product = mod.mul(x, y);
        const ScopedWipe wipe(x, y, product);
        return widen_to_scalar(product);
      },
      c.precomputed().modulus);
}

ct::Mask scalar_in_range(const Curve& c, const Scalar& a) {
  // 0 < a < n, and nothing above n's width.
  return ~mp::ct_is_zero(a) & mp::ct_lt(a, c.order_fixed());
}

}  // namespace dstu::ec2m
