// Internal: field-element helpers over a gf2m kernel type K (Kernels<P, I> with static
// members, or FieldKernels for generic fields), shared by every algorithm of ec.
#pragma once

#include <span>
#include <vector>

#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/gf2m/internal/kernels.hpp"

namespace dstu::ec2m::detail {

template <class K>
struct FieldOps {
  using Fe = typename K::Fe;
  K k;

  void mul(Fe& r, const Fe& a, const Fe& b) const { k.mul(r.data(), a.data(), b.data()); }
  void sqr(Fe& r, const Fe& a) const { k.sqr(r.data(), a.data()); }
  /// Two independent products / squares per call (interleaved in the kernel).
  void mul2(Fe& r1, const Fe& a1, const Fe& b1, Fe& r2, const Fe& a2, const Fe& b2) const {
    k.mul2(r1.data(), a1.data(), b1.data(), r2.data(), a2.data(), b2.data());
  }
  void sqr2(Fe& r1, const Fe& a1, Fe& r2, const Fe& a2) const { k.sqr2(r1.data(), a1.data(), r2.data(), a2.data()); }
  void add(Fe& r, const Fe& a, const Fe& b) const { k.add(r.data(), a.data(), b.data()); }
  void inv(Fe& r, const Fe& a) const { k.inv(r.data(), a.data()); }
  static Fe zero() { return Fe{}; }
  static Fe one() {
    Fe r{};
    r[0] = 1;
    return r;
  }
  /// All-ones when a == 0 (constant time).
  ct::Mask zero_mask(const Fe& a) const {
    gf2m::Word acc = 0;
    for (int i = 0; i < k.words; ++i) acc |= a[i];
    return ct::is_zero(acc);
  }
  bool is_zero_vartime(const Fe& a) const { return zero_mask(a) != 0; }
  /// r = mask ? a : r.
  void cmov(Fe& r, const Fe& a, ct::Mask mask) const { ct::cmov(r.data(), a.data(), words(), mask); }
  void cswap(Fe& a, Fe& b, ct::Mask mask) const { ct::cswap(a.data(), b.data(), words(), mask); }
  std::size_t words() const { return static_cast<std::size_t>(k.words); }
  /// a + c for a curve coefficient c in {0, 1} (public).
  static void add_bit(Fe& r, unsigned c) { r[0] ^= c; }

  Fe from(const Element& e) const {
    Fe r{};
    for (std::size_t i = 0; i < words(); ++i) r[i] = e.w[i];
    return r;
  }
  Element to(const Fe& a) const {
    Element e;
    for (std::size_t i = 0; i < words(); ++i) e.w[i] = a[i];
    return e;
  }
  /// The affine point (x, y) in the library's external form.
  AffinePoint point(const Fe& x, const Fe& y) const {
    AffinePoint out;
    out.x = to(x);
    out.y = to(y);
    return out;
  }
};

/// z[i] = 1 / z[i] for every i with one inversion (Montgomery's trick: prefix
/// products, one inverse, then the walk back). Every z[i] must be nonzero. The same
/// operations whatever the values (constant time); the prefix products are wiped.
template <class K>
void batch_invert(const FieldOps<K>& f, std::span<typename K::Fe> z) {
  using Fe = typename K::Fe;
  if (z.empty()) return;
  std::vector<Fe> prefix(z.size());
  prefix[0] = z[0];
  for (std::size_t i = 1; i < z.size(); ++i) f.mul(prefix[i], prefix[i - 1], z[i]);
  Fe inv, zi;
  f.inv(inv, prefix.back());
  for (std::size_t i = z.size(); i-- > 1;) {
    f.mul(zi, inv, prefix[i - 1]);  // 1 / z[i]
    f.mul(inv, inv, z[i]);          // 1 / (z[0] ... z[i-1])
    z[i] = zi;
  }
  z[0] = inv;
  secure_wipe(prefix.data(), prefix.size() * sizeof(Fe));
  secure_wipe(&inv, sizeof inv);
  secure_wipe(&zi, sizeof zi);
}

}  // namespace dstu::ec2m::detail
