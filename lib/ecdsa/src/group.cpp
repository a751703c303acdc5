// The groups of group.hpp: a table of generic calls, each run on whichever kind of curve
// the group holds. The calls live at namespace scope so that argument-dependent lookup
// picks the curve module's function of that name (ec2m::mul_base or ecp::mul_base, ...);
// none of them runs inside a scalar multiplication's loop.
#include "dstu/ecdsa/group.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecdsa {
namespace {

/// The affine point type of curve type C.
template <class C>
using PointOf = std::decay_t<decltype(std::declval<const C&>().generator())>;

/// p as the point type of curve c's kind: Error(invalid_input) for a point of the other kind.
template <class C>
const PointOf<C>& point_of(const C&, const Point& p) {
  const PointOf<C>* q = std::get_if<PointOf<C>>(&p);
  if (q == nullptr) throw_invalid("a point of another kind of curve than the group's");
  return *q;
}

// The table: one generic call per operation.
constexpr auto kMulBase = [](const auto& c, const Scalar& k) -> Point { return mul_base(c, k); };
constexpr auto kMulDouble = [](const auto& c, const Scalar& u1, const Scalar& u2, const Point& q) -> Point {
  return mul_double_vartime(c, u1, u2, point_of(c, q));
};
constexpr auto kMulDoubleXEquals = [](const auto& c, const Scalar& u1, const Scalar& u2, const Point& q,
                                      const mp::Nat& r) { return mul_double_x_equals_vartime(c, u1, u2, point_of(c, q), r); };
constexpr auto kXInteger = [](const auto& c, const Point& p) { return x_integer(c, point_of(c, p)); };
constexpr auto kSamePoint = [](const auto& c, const Point& p, const Point& q) {
  return same_point(c, point_of(c, p), point_of(c, q));
};
constexpr auto kEncode = [](const auto& c, const Point& p, bool compressed) {
  return encode_point(c, point_of(c, p), compressed);
};
constexpr auto kDecode = [](const auto& c, std::span<const std::uint8_t> in) -> Point { return decode_point(c, in); };

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

Group::Group(const ecp::Curve& curve) : curve_(&curve) {}

Group::Group(const ec2m::Curve& curve) : curve_(&curve) {}

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

namespace {

/// f(curve, args...) on the group's curve of either kind.
template <class F, class... Args>
decltype(auto) on(const std::variant<const ec2m::Curve*, const ecp::Curve*>& curve, F f, Args&&... args) {
  return std::visit([&](const auto* c) -> decltype(auto) { return f(*c, std::forward<Args>(args)...); }, curve);
}

}  // namespace

const ecp::Curve* Group::prime_curve() const {
  const auto* c = std::get_if<const ecp::Curve*>(&curve_);
  return c ? *c : nullptr;
}

const ec2m::Curve* Group::binary_curve() const {
  const auto* c = std::get_if<const ec2m::Curve*>(&curve_);
  return c ? *c : nullptr;
}

const std::string& Group::name() const {
  return on(curve_, [](const auto& c) -> const std::string& { return c.name(); });
}
const std::string& Group::oid() const {
  return on(curve_, [](const auto& c) -> const std::string& { return c.oid(); });
}
const std::vector<std::string>& Group::aliases() const {
  return on(curve_, [](const auto& c) -> const std::vector<std::string>& { return c.aliases(); });
}
const char* Group::family() const {
  return curve::family_name(on(curve_, [](const auto& c) { return c.family(); }));
}
std::size_t Group::field_bits() const {
  return on(curve_, [](const auto& c) { return c.field_bits(); });
}
const mp::Nat& Group::order() const {
  return on(curve_, [](const auto& c) -> const mp::Nat& { return c.order(); });
}
unsigned Group::cofactor() const {
  return on(curve_, [](const auto& c) { return c.cofactor(); });
}
const curve::ScalarField& Group::scalar_field() const {
  return on(curve_, [](const auto& c) -> const curve::ScalarField& { return c.scalar_field(); });
}
Point Group::generator() const {
  return on(curve_, [](const auto& c) -> Point { return c.generator(); });
}

Point Group::mul_base(const Scalar& k) const { return on(curve_, kMulBase, k); }

Point Group::mul_double_vartime(const Scalar& u1, const Scalar& u2, const Point& q) const {
  return on(curve_, kMulDouble, u1, u2, q);
}

bool Group::mul_double_x_equals_vartime(const Scalar& u1, const Scalar& u2, const Point& q, const mp::Nat& r) const {
  return on(curve_, kMulDoubleXEquals, u1, u2, q, r);
}

bool Group::is_infinity(const Point& p) const {
  return std::visit([](const auto& a) { return a.infinity; }, p);
}

mp::Nat Group::x_integer(const Point& p) const { return on(curve_, kXInteger, p); }

bool Group::same_point(const Point& p, const Point& q) const { return on(curve_, kSamePoint, p, q); }

Bytes Group::encode_point(const Point& p, bool compressed) const { return on(curve_, kEncode, p, compressed); }

Point Group::decode_point(std::span<const std::uint8_t> encoded) const { return on(curve_, kDecode, encoded); }

}  // namespace dstu::ecdsa
