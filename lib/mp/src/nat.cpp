// Nat arithmetic: thin wrappers that size the result, call the limb kernels and
// normalise. Aliasing (r is a or b) is handled by computing into a temporary.
#include "dstu/mp/nat.hpp"

#include <algorithm>
#include <utility>

#include "dstu/base/error.hpp"

namespace dstu::mp {
namespace {

/// Runs f(result) into r directly, or into a temporary when r aliases an input.
template <class F>
void into(Nat& r, bool aliased, F&& f) {
  if (!aliased) return f(r);
  Nat t;
  f(t);
  r.swap(t);
}

}  // namespace

std::size_t Nat::bits() const {
  if (v_.empty()) return 0;
  return 64 * v_.size() - static_cast<std::size_t>(__builtin_clzll(v_.back()));
}

bool Nat::bit(std::size_t i) const {
  return i / 64 < v_.size() && ((v_[i / 64] >> (i % 64)) & 1);
}

void Nat::set_bit(std::size_t i) {
  if (i / 64 >= v_.size()) v_.resize(i / 64 + 1);
  v_[i / 64] |= Limb{1} << (i % 64);
}

Nat Nat::from_limbs(std::span<const Limb> limbs) {
  Nat r;
  r.v_.assign(limbs.begin(), limbs.end());
  r.normalize();
  return r;
}

Nat Nat::power_of_two(std::size_t k) {
  Nat r;
  r.set_bit(k);
  return r;
}

void Nat::to_limbs(Limb* out, std::size_t n) const {
  if (v_.size() > n) throw_invalid("number does not fit in the requested width");
  ln::copy(out, v_.data(), v_.size());
  ln::zero(out + v_.size(), n - v_.size());
}

std::strong_ordering operator<=>(const Nat& a, const Nat& b) {
  if (a.size() != b.size()) return a.size() <=> b.size();
  int c = ln::cmp_vartime(a.limbs().data(), b.limbs().data(), a.size());
  return c <=> 0;
}

void add(Nat& r, const Nat& a, const Nat& b) {
  const Nat& x = a.size() >= b.size() ? a : b;
  const Nat& y = a.size() >= b.size() ? b : a;
  into(r, &r == &a || &r == &b, [&](Nat& out) {
    Limb* p = out.resize(x.size() + 1);
    p[x.size()] = ln::add(p, x.limbs().data(), x.size(), y.limbs().data(), y.size());
    out.normalize();
  });
}

void sub(Nat& r, const Nat& a, const Nat& b) {
  if (a < b) throw_invalid("subtraction would be negative");
  into(r, &r == &a || &r == &b, [&](Nat& out) {
    Limb* p = out.resize(a.size());
    ln::sub(p, a.limbs().data(), a.size(), b.limbs().data(), b.size());
    out.normalize();
  });
}

void mul(Nat& r, const Nat& a, const Nat& b) {
  if (a.is_zero() || b.is_zero()) {
    r = Nat();
    return;
  }
  if (&a == &b) return sqr(r, a);
  const Nat& x = a.size() >= b.size() ? a : b;
  const Nat& y = a.size() >= b.size() ? b : a;
  into(r, &r == &a || &r == &b, [&](Nat& out) {
    std::vector<Limb> scratch(ln::mul_scratch(x.size(), y.size()));
    Limb* p = out.resize(x.size() + y.size());
    ln::mul_auto(p, x.limbs().data(), x.size(), y.limbs().data(), y.size(), scratch.data());
    out.normalize();
  });
}

void sqr(Nat& r, const Nat& a) {
  if (a.is_zero()) {
    r = Nat();
    return;
  }
  into(r, &r == &a, [&](Nat& out) {
    std::vector<Limb> scratch(ln::sqr_scratch(a.size()));
    Limb* p = out.resize(2 * a.size());
    ln::sqr(p, a.limbs().data(), a.size(), scratch.data());
    out.normalize();
  });
}

void divrem(Nat* q, Nat* rem, const Nat& a, const Nat& b) {
  if (b.is_zero()) throw_invalid("division by zero");
  if (a < b) {
    Nat keep = a;  // a may alias *q
    if (q) *q = Nat();
    if (rem) *rem = std::move(keep);
    return;
  }
  Nat quot, r;
  Limb* qp = quot.resize(a.size() - b.size() + 1);
  Limb* rp = r.resize(b.size());
  ln::divrem_vartime(qp, rp, a.limbs().data(), a.size(), b.limbs().data(), b.size());
  quot.normalize();
  r.normalize();
  if (q) q->swap(quot);
  if (rem) rem->swap(r);
}

Limb mod_limb(const Nat& a, Limb d) {
  if (d == 0) throw_invalid("division by zero");
  return ln::mod_1_vartime(a.limbs().data(), a.size(), d);
}

void shift_left(Nat& r, const Nat& a, std::size_t bits) {
  if (a.is_zero()) {
    r = Nat();
    return;
  }
  const std::size_t limbs = bits / 64;
  into(r, &r == &a, [&](Nat& out) {
    Limb* p = out.resize(a.size() + limbs + 1);
    ln::zero(p, limbs);
    p[a.size() + limbs] =
        ln::lshift(p + limbs, a.limbs().data(), a.size(), static_cast<unsigned>(bits % 64));
    out.normalize();
  });
}

void shift_right(Nat& r, const Nat& a, std::size_t bits) {
  const std::size_t limbs = bits / 64;
  if (limbs >= a.size()) {
    r = Nat();
    return;
  }
  into(r, &r == &a, [&](Nat& out) {
    const std::size_t n = a.size() - limbs;
    Limb* p = out.resize(n);
    ln::rshift(p, a.limbs().data() + limbs, n, static_cast<unsigned>(bits % 64));
    out.normalize();
  });
}

Nat operator+(const Nat& a, const Nat& b) { Nat r; add(r, a, b); return r; }
Nat operator-(const Nat& a, const Nat& b) { Nat r; sub(r, a, b); return r; }
Nat operator*(const Nat& a, const Nat& b) { Nat r; mul(r, a, b); return r; }
Nat operator/(const Nat& a, const Nat& b) { Nat q; divrem(&q, nullptr, a, b); return q; }
Nat operator%(const Nat& a, const Nat& b) { Nat m; divrem(nullptr, &m, a, b); return m; }
Nat operator<<(const Nat& a, std::size_t bits) { Nat r; shift_left(r, a, bits); return r; }
Nat operator>>(const Nat& a, std::size_t bits) { Nat r; shift_right(r, a, bits); return r; }

Nat gcd(const Nat& a, const Nat& b) {
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  Nat x = a, y = b;
  auto trailing = [](const Nat& v) {
    std::size_t i = 0;
    while (!v.bit(i)) ++i;
    return i;
  };
  const std::size_t common = std::min(trailing(x), trailing(y));
  shift_right(x, x, trailing(x));
  while (!y.is_zero()) {
    shift_right(y, y, trailing(y));
    if (x > y) x.swap(y);
    sub(y, y, x);
  }
  return x << common;
}

}  // namespace dstu::mp
