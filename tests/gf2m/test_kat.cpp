// Known answers from the DSTU 4145 named curves (test-vectors/gf2m/dstu_curves.vec):
// base points satisfy the curve equation, compression stores Tr(y / x), decompression
// recovers y through solve_quadratic; the Annex B.1 product h * x(eP). Every vector
// once per CPU path, both inversions.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"
#include "vec.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

namespace {

const Field& field_of(const dstu::test::Vector& v) { return Field::dstu(std::stoi(v.get("M"))); }

/// y^2 + xy == x^3 + A x^2 + B.
bool on_curve(const Field& f, const Element& x, const Element& y, unsigned a, const Element& b) {
  Element y2, xy, lhs, x2, x3, rhs;
  g::sqr(f, y2, y);
  g::mul(f, xy, x, y);
  g::add(f, lhs, y2, xy);
  g::sqr(f, x2, x);
  g::mul(f, x3, x2, x);
  g::add(f, rhs, x3, b);
  if (a) g::add(f, rhs, rhs, x2);
  return same(lhs, rhs);
}

}  // namespace

TEST_CASE("named-curve base points satisfy the curve equation") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    auto vectors = dstu::test::load_vectors("gf2m/dstu_curves.vec", "curve");
    auto points = dstu::test::load_vectors("gf2m/dstu_curves.vec", "point");
    vectors.insert(vectors.end(), points.begin(), points.end());
    CHECK(vectors.size() == 13);
    for (const auto& v : vectors) {
      INFO(path << " " << v.where());
      const Field& f = field_of(v);
      const Element x = g::from_hex(f, v.has("Gx") ? v.get("Gx") : v.get("X"));
      const Element y = g::from_hex(f, v.has("Gy") ? v.get("Gy") : v.get("Y"));
      CHECK(on_curve(f, x, y, static_cast<unsigned>(std::stoi(v.get("A"))), g::from_hex(f, v.get("B"))));
      Element bad = y;
      bad.w[0] ^= 1;
      CHECK_FALSE(on_curve(f, x, bad, static_cast<unsigned>(std::stoi(v.get("A"))), g::from_hex(f, v.get("B"))));
    }
  });
}

TEST_CASE("compression stores Tr(y / x); decompression solves z^2 + z = v") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const auto& v : dstu::test::load_vectors("gf2m/dstu_curves.vec", "curve")) {
      INFO(path << " " << v.where());
      const Field& f = field_of(v);
      const unsigned a = static_cast<unsigned>(std::stoi(v.get("A")));
      const Element gx = g::from_hex(f, v.get("Gx")), gy = g::from_hex(f, v.get("Gy"));
      const Element b = g::from_hex(f, v.get("B")), packed = g::from_hex(f, v.get("Compressed"));
      // Compression (DSTU 4145-2002 §6.9): lsb of x replaced by Tr(y * x^-1).
      Element xi, xi2, t;
      g::inv(f, xi, gx);
      g::inv_vartime(f, xi2, gx);
      CHECK(same(xi, xi2));
      g::mul(f, t, gy, xi);
      Element expect = gx;
      expect.w[0] = (expect.w[0] & ~Word(1)) | g::trace(f, t);
      CHECK(same(expect, packed));
      // Decompression (DSTU 4145-2002 §6.10).
      const unsigned k = static_cast<unsigned>(packed.w[0] & 1);
      Element x = packed;
      x.w[0] &= ~Word(1);
      if (g::trace(f, x) != a) x.w[0] |= 1;
      CHECK(same(x, gx));
      Element x2, bx2, w, z;
      g::sqr(f, x2, x);
      g::inv(f, bx2, x2);
      g::mul(f, bx2, bx2, b);
      g::add(f, w, x, bx2);
      if (a) w.w[0] ^= 1;
      REQUIRE(g::solve_quadratic(f, z, w));
      if (g::trace(f, z) != k) z.w[0] ^= 1;
      Element y;
      g::mul(f, y, z, x);
      CHECK(same(y, gy));
      // The same through the reference, as a check on the vector itself.
      const Ref ref(f);
      CHECK(same(element_of(ref.mul(bits_of(f, z), bits_of(f, x))), gy));
    }
  });
}

TEST_CASE("Annex B.1: y = h * x(eP)") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const auto& v : dstu::test::load_vectors("gf2m/dstu_curves.vec", "mul")) {
      INFO(path << " " << v.where());
      const Field& f = field_of(v);
      Element r;
      g::mul(f, r, g::from_hex(f, v.get("X")), g::from_hex(f, v.get("Y")));
      CHECK(g::to_hex(f, r) == g::to_hex(f, g::from_hex(f, v.get("Product"))));
    }
  });
}
