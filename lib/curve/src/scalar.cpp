// Scalars in and out of mp::Nat, and the integers mod n (scalar.hpp): constant-time
// Barrett arithmetic at n's width, one N-limb chunk of the input at a time; inverses
// in n's prime field, the scalar crossing into its Montgomery form and back through
// big-endian octets (constant time, never through mp::Nat).
#include "dstu/curve/scalar.hpp"

#include <array>
#include <cstdint>
#include <span>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/gfp/field.hpp"

namespace dstu::curve {
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

/// n, checked: 1 < n < 2^576.
const mp::Nat& valid_order(const mp::Nat& n, const std::string& name) {
  if (n <= mp::Nat(1) || n.bits() > Scalar::kBits) {
    throw_invalid("curve " + name + ": the order must be in 2 .. 2^576 - 1");
  }
  return n;
}

/// op(modulus, a, b) on a and b narrowed to n's width N, widened back; the operands and
/// the result wiped (they may be keys or nonces).
template <class Modulus, class Op>
Scalar at_width(const Modulus& modulus, const Scalar& a, const Scalar& b, Op op) {
  return std::visit(
      [&](const auto& mod) {
        constexpr std::size_t N = std::decay_t<decltype(mod.modulus())>::kLimbs;
        mp::Fixed<N> x = narrow<N>(a), y = narrow<N>(b), r = op(mod, x, y);
        const ScopedWipe wipe(x, y, r);
        return widen_to_scalar(r);
      },
      modulus);
}

/// x < n into the field's Montgomery form.
gfp::Element to_field(const gfp::Field& f, const Scalar& x) {
  std::array<std::uint8_t, 8 * kScalarLimbs> be{};
  const ScopedWipe wipe(be);
  const std::span<std::uint8_t> octets(be.data(), f.bytes());
  x.get_bytes_be(octets);
  gfp::Element r;
  if (!f.from_bytes_be(octets, r)) throw_invalid("scalar not below the group order");  // x < n by contract
  return r;
}

/// The canonical value of a.
Scalar from_field(const gfp::Field& f, const gfp::Element& a) {
  std::array<std::uint8_t, 8 * kScalarLimbs> be{};
  const ScopedWipe wipe(be);
  const std::span<std::uint8_t> octets(be.data(), f.bytes());
  f.to_bytes_be(a, octets);
  Scalar r;
  r.set_bytes_be(octets);
  return r;
}

}  // namespace

Scalar scalar_from_nat(const mp::Nat& x) {
  if (x.bits() > Scalar::kBits) throw_invalid("scalar wider than 576 bits");
  Scalar s;
  x.to_limbs(s.data(), kScalarLimbs);
  return s;
}

mp::Nat scalar_to_nat(const Scalar& x) { return mp::Nat::from_limbs(x.v); }

std::size_t scalar_bits_vartime(const Scalar& x) {
  for (std::size_t i = kScalarLimbs; i-- > 0;) {
    if (x.v[i] != 0) return 64 * i + 64 - static_cast<std::size_t>(__builtin_clzll(x.v[i]));
  }
  return 0;
}

ScalarField::ScalarField(const mp::Nat& n, const std::string& name)
    : n_(valid_order(n, name)), n_scalar_(scalar_from_nat(n)), name_(name), mod_(make_modulus(n)) {
  if (n.is_odd() && n > mp::Nat(3)) field_ = std::make_unique<const gfp::Field>(n, name + " scalars");
}

ScalarField::Modulus ScalarField::make_modulus(const mp::Nat& n) {
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

ScalarField::~ScalarField() = default;
ScalarField::ScalarField(ScalarField&&) noexcept = default;
ScalarField& ScalarField::operator=(ScalarField&&) noexcept = default;

const gfp::Field& ScalarField::field() const {
  if (!field_) throw Error(Errc::unsupported, "curve " + name_ + ": order too small for inverses mod n");
  return *field_;
}

Scalar ScalarField::reduce(const Scalar& k) const {
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
      mod_);
}

Scalar ScalarField::add(const Scalar& a, const Scalar& b) const {
  return at_width(mod_, a, b, [](const auto& m, const auto& x, const auto& y) { return m.add(x, y); });
}

Scalar ScalarField::sub(const Scalar& a, const Scalar& b) const {
  return at_width(mod_, a, b, [](const auto& m, const auto& x, const auto& y) { return m.sub(x, y); });
}

Scalar ScalarField::mul(const Scalar& a, const Scalar& b) const {
  return at_width(mod_, a, b, [](const auto& m, const auto& x, const auto& y) { return m.mul(x, y); });
}

Scalar ScalarField::inv(const Scalar& a) const {
  const gfp::Field& f = field();
  gfp::Element x = to_field(f, a), r;
  const ScopedWipe wipe(x, r);
  f.inv(r, x);
  return from_field(f, r);
}

Scalar ScalarField::inv_vartime(const Scalar& a) const {
  const gfp::Field& f = field();
  gfp::Element x = to_field(f, a), r;
  f.inv_vartime(r, x);
  return from_field(f, r);
}

}  // namespace dstu::curve
