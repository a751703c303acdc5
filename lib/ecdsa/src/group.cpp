// The groups of group.hpp: each operation asks which kind of curve it has, once.
#include "dstu/ecdsa/group.hpp"

#include <map>
#include <mutex>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::ecdsa {
namespace {

/// p as the point type of a group's kind: Error(invalid_input) for a point of the other kind.
template <class P>
const P& as(const Point& p) {
  const P* q = std::get_if<P>(&p);
  if (q == nullptr) throw_invalid("a point of another kind of curve than the group's");
  return *q;
}

/// The group of a named curve, made once per curve (keyed by the curve's address).
template <class C>
const Group& group_of(const C& curve) {
  static std::mutex lock;
  static std::map<const C*, std::unique_ptr<Group>> groups;
  std::lock_guard guard(lock);
  auto& g = groups[&curve];
  if (!g) g = std::make_unique<Group>(curve);
  return *g;
}

}  // namespace

Group::Group(const ecp::Curve& curve) : prime_(&curve) {}

Group::Group(const ec2m::Curve& curve) : binary_(&curve) {}

Group::~Group() = default;

const Group* Group::find(std::string_view name) {
  if (const ecp::Curve* c = ecp::Curve::find(name)) return &group_of(*c);
  if (const ec2m::Curve* c = ec2m::Curve::find_nist(name)) return &group_of(*c);
  return nullptr;
}

const Group& Group::named(std::string_view name) {
  if (const Group* g = find(name)) return *g;
  std::string known;
  for (const ecp::Curve* c : ecp::Curve::all_named()) known += (known.empty() ? "" : ", ") + c->name();
  known += ", B-163 ... B-571, K-163 ... K-571";
  throw_invalid("unknown curve '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<const Group*> Group::all_named() {
  std::vector<const Group*> out;
  for (const ecp::Curve* c : ecp::Curve::all_named()) out.push_back(&group_of(*c));
  for (const ec2m::Curve* c : ec2m::Curve::all_nist()) out.push_back(&group_of(*c));
  return out;
}

const std::string& Group::name() const { return binary_ ? binary_->name() : prime_->name(); }
const std::string& Group::oid() const { return binary_ ? binary_->oid() : prime_->oid(); }
const std::vector<std::string>& Group::aliases() const { return binary_ ? binary_->aliases() : prime_->aliases(); }

const char* Group::family() const { return curve::family_name(binary_ ? binary_->family() : prime_->family()); }

std::size_t Group::field_bits() const {
  return binary_ ? static_cast<std::size_t>(binary_->m()) : prime_->field().bits();
}

const mp::Nat& Group::order() const { return binary_ ? binary_->order() : prime_->order(); }
unsigned Group::cofactor() const { return binary_ ? binary_->cofactor() : prime_->cofactor(); }
const curve::ScalarField& Group::scalar_field() const {
  return binary_ ? binary_->scalar_field() : prime_->scalar_field();
}

Point Group::generator() const {
  if (binary_) return binary_->generator();
  return prime_->generator();
}

Point Group::mul_base(const Scalar& k) const {
  if (binary_) return ec2m::mul_base(*binary_, k);
  return ecp::mul_base(*prime_, k);
}

Point Group::mul_double_vartime(const Scalar& u1, const Scalar& u2, const Point& q) const {
  if (binary_) return ec2m::mul_double_vartime(*binary_, u1, u2, as<ec2m::AffinePoint>(q));
  return ecp::mul_double_vartime(*prime_, u1, u2, as<ecp::AffinePoint>(q));
}

bool Group::mul_double_x_equals_vartime(const Scalar& u1, const Scalar& u2, const Point& q, const mp::Nat& r) const {
  if (!binary_) return ecp::mul_double_x_equals_vartime(*prime_, u1, u2, as<ecp::AffinePoint>(q), r);
  const Point sum = mul_double_vartime(u1, u2, q);
  return !is_infinity(sum) && x_integer(sum) % order() == r;
}

bool Group::is_infinity(const Point& p) const {
  return std::visit([](const auto& a) { return a.infinity; }, p);
}

mp::Nat Group::x_integer(const Point& p) const {
  if (binary_) {
    return mp::Nat::from_bytes_be(gf2m::to_bytes_be(binary_->field(), as<ec2m::AffinePoint>(p).x));
  }
  return prime_->field().to_nat(as<ecp::AffinePoint>(p).x);
}

bool Group::same_point(const Point& p, const Point& q) const {
  if (binary_) return ec2m::same_point(*binary_, as<ec2m::AffinePoint>(p), as<ec2m::AffinePoint>(q));
  return ecp::same_point(*prime_, as<ecp::AffinePoint>(p), as<ecp::AffinePoint>(q));
}

Bytes Group::encode_point(const Point& p, bool compressed) const {
  if (binary_) return ec2m::encode_point(*binary_, as<ec2m::AffinePoint>(p), compressed);
  return ecp::encode_point(*prime_, as<ecp::AffinePoint>(p), compressed);
}

Point Group::decode_point(std::span<const std::uint8_t> encoded) const {
  if (binary_) return ec2m::decode_point(*binary_, encoded);
  return ecp::decode_point(*prime_, encoded);
}

}  // namespace dstu::ecdsa
