// Curve descriptors: the named DSTU 4145 curves, the NIST binary curves of FIPS 186-4
// Appendix D.1.3, and custom curves with checked parameters.
#include "dstu/ec2m/curve.hpp"

#include <algorithm>
#include <array>
#include <mutex>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/prime.hpp"
#include "named_curves.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m {
namespace {

/// The built-in field when the polynomial is one (DSTU 4145 or FIPS 186-4 D.1.3: typed
/// kernels), else a new generic field.
const gf2m::Field* pick_field(const std::vector<int>& exponents, std::unique_ptr<gf2m::Field>& owned) {
  if (const gf2m::Field* f = gf2m::Field::find_builtin(exponents)) return f;
  owned = std::make_unique<gf2m::Field>(exponents);
  return owned.get();
}

[[noreturn]] void bad(const std::string& what) { throw_invalid("curve parameters: " + what); }

}  // namespace

Curve::Curve(Named, const CurveSpec& spec) { init(spec, false); }

Curve::Curve(const CurveSpec& spec) { init(spec, true); }

Curve::~Curve() = default;

void Curve::init(const CurveSpec& spec, bool check) {
  spec_ = spec;
  field_ = pick_field(spec.exponents, owned_field_);
  const gf2m::Field& f = *field_;
  if (spec.a != 0 && spec.a != 1) bad("A must be 0 or 1");
  a_ = static_cast<unsigned>(spec.a);
  b_ = gf2m::from_hex(f, spec.b);
  gf2m::sqrt(f, sqrt_b_, b_);
  n_ = mp::Nat::from_hex(spec.n);
  if (n_.size() > kScalarLimbs) bad("n is wider than 576 bits");
  if (n_ < mp::Nat(3)) bad("n is not prime");
  scalars_.emplace(n_, spec.record.name);
  cofactor_ = spec.cofactor;
  g_.x = gf2m::from_hex(f, spec.gx);
  g_.y = gf2m::from_hex(f, spec.gy);
  if (!check) return;
  if (f.m() % 2 == 0) bad("m must be odd");
  if (gf2m::is_zero(f, b_)) bad("B must not be 0");
  if (!on_curve(*this, g_)) bad("the base point is not on the curve");
  if (n_ < mp::Nat(3) || !mp::baillie_psw(n_)) bad("n is not prime");
  if (n_.bits() < static_cast<std::size_t>(f.m()) / 2 + 3) bad("n is too small (n <= 4 sqrt(2^m))");
  if (!mul_wnaf_vartime(*this, scalars_->order_scalar(), g_).infinity) bad("n G is not O");
  // Hasse: |h n - (2^m + 1)| <= 2 sqrt(2^m).
  const mp::Nat hn = n_ * mp::Nat(cofactor_), q1 = mp::Nat::power_of_two(static_cast<std::size_t>(f.m())) + mp::Nat(1);
  const mp::Nat diff = hn > q1 ? hn - q1 : q1 - hn;
  if (diff * diff > mp::Nat::power_of_two(static_cast<std::size_t>(f.m()) + 2)) bad("h n violates the Hasse bound");
}

const Curve* Curve::find_in(std::span<const CurveSpec> specs, std::span<std::once_flag> once,
                             std::span<std::unique_ptr<Curve>> curves, std::string_view key) {
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!specs[i].record.matches(key)) continue;
    std::call_once(once[i], [&] { curves[i].reset(new Curve(Named{}, specs[i])); });
    return curves[i].get();
  }
  return nullptr;
}

const Curve* Curve::find_named(std::string_view key) {
  // Each curve (and so its field's tables) is built on its first use only: a process
  // that verifies with dstu257 never pays for the other nine.
  static std::array<std::once_flag, detail::kNamedCurves> once;
  static std::array<std::unique_ptr<Curve>, detail::kNamedCurves> curves;
  return find_in(detail::named_curve_specs(), once, curves, key);
}

const Curve& Curve::named(std::string_view key) {
  if (const Curve* c = find_named(key)) return *c;
  const auto& specs = detail::named_curve_specs();
  std::string known;
  for (const CurveSpec& s : specs) known += (known.empty() ? "" : ", ") + s.record.name;
  throw_invalid("unknown curve '" + std::string(key) + "' (known: " + known + ")");
}

std::vector<const Curve*> Curve::all_named() {
  std::vector<const Curve*> out;
  for (const CurveSpec& s : detail::named_curve_specs()) out.push_back(&named(s.record.name));
  return out;
}

const Curve* Curve::find_nist(std::string_view key) {
  // Built on first use, one curve at a time, as in named(). B-163 and K-163 share the
  // built-in DSTU 163 field (same pentanomial); the others own a generic field.
  static std::array<std::once_flag, detail::kNistCurves> once;
  static std::array<std::unique_ptr<Curve>, detail::kNistCurves> curves;
  return find_in(detail::nist_curve_specs(), once, curves, key);
}

std::vector<const Curve*> Curve::all_nist() {
  std::vector<const Curve*> out;
  for (const CurveSpec& s : detail::nist_curve_specs()) out.push_back(find_nist(s.record.name));
  return out;
}

const detail::Precomputed& Curve::precomputed() const {
  std::call_once(pre_once_, [this] {
    auto p = std::make_unique<detail::Precomputed>(detail::Precomputed{});
    // Odd multiples G, 3G, ..., (2^(w-1) - 1) G for the width-w wNAF.
    const AffinePoint g2 = double_vartime(*this, g_);
    p->g_odd.push_back(g_);
    for (int i = 1; i < (1 << (detail::kGWindow - 2)); ++i) p->g_odd.push_back(add_vartime(*this, p->g_odd.back(), g2));
    pre_ = std::move(p);
    pre_->comb = detail::build_comb_table(*this, kCombWindow);
    if (detail::signed_comb_fits(order_bits(), kCombWindow)) {
      pre_->signed_comb = detail::build_signed_comb_table(*this, pre_->comb);
    }
  });
  return *pre_;
}

}  // namespace dstu::ec2m
