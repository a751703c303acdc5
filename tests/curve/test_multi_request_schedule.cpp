// The scheduling of the multi-request methods of Al-Otaibi's thesis ("Trade-off
// analysis for generic-point parallel elliptic curve scalar multiplication"),
// dstu/curve/multi_request_schedule.hpp, on a toy group with no curve and no field:
// the integers mod N under addition, where k P is k * P mod N. Every method, r = 1..17
// requests, u = 1..5 threads, P = 0 (the group's O) among the points, keys of 0 to 70
// bits; and the operation counts of the plain binary method the methods share.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "dstu/curve/multi_request_schedule.hpp"
#include "dstu/parallel/team.hpp"

namespace par = dstu::curve;
namespace team = dstu::parallel;

namespace {

constexpr std::uint64_t kN = 1000003;  // a prime: the group Z / kN

/// A key of up to 128 bits (the scheduling needs bits() and bit(t) only).
struct Key {
  unsigned __int128 v = 0;
  std::size_t bits() const {
    std::size_t n = 0;
    for (unsigned __int128 x = v; x != 0; x >>= 1) ++n;
    return n;
  }
  bool bit(std::size_t t) const { return ((v >> t) & 1) != 0; }
};

/// The group policy: points are residues mod kN (projective and affine alike); counts
/// its doublings and additions.
struct ToyGroup {
  using Point = std::uint64_t;
  using Base = std::uint64_t;
  using Affine = std::uint64_t;
  mutable std::atomic<long> doublings{0}, additions{0};

  Point zero() const { return 0; }
  bool is_zero(const Point& p) const { return p == 0; }
  Base base(const Affine& p) const { return p; }
  Point lift(const Base& b) const { return b; }
  void dbl(Point& r, const Point& p) const {
    ++doublings;
    r = 2 * p % kN;
  }
  void add_mixed(Point& q, const Base& b) const {
    ++additions;
    q = (q + b) % kN;
  }
  void add(Point& r, const Point& p, const Point& q) const {
    ++additions;
    r = (p + q) % kN;
  }
  Affine to_affine(const Point& p) const { return p; }
  void to_bases(std::span<Base> out, std::span<const Point> in) const {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i];
  }
  std::size_t order_bits() const { return 20; }
};

struct Request {
  const Key* k;
  const std::uint64_t* p;
};

std::uint64_t times(const Key& k, std::uint64_t p) { return static_cast<std::uint64_t>(k.v % kN * p % kN); }

}  // namespace

TEST_CASE("every method gives k P in a toy group, r = 1..17, u = 1..5") {
  team::init(4);
  std::vector<Key> keys{{0}, {1}, {2}, {kN - 1}, {kN}, {kN + 1}, {2 * kN - 1}, {0xfffff}};
  for (unsigned i = 0; i < 12; ++i) {
    keys.push_back({(static_cast<unsigned __int128>(0x9e3779b97f4a7c15ull * (i + 1)) << (i % 7)) >> (i % 5)});
  }
  const std::vector<std::uint64_t> points{0, 1, 2, 999, kN - 1, 123457, 0, 500001};
  const ToyGroup g;
  int compared = 0;
  for (std::size_t r = 1; r <= 17; ++r) {
    std::vector<Request> req;
    for (std::size_t i = 0; i < r; ++i) req.push_back({&keys[(r + 3 * i) % keys.size()], &points[(r * i) % points.size()]});
    for (int u = 1; u <= 5; ++u) {
      for (par::MultiRequestMethod m : par::kMultiRequestMethods) {
        const std::vector<std::uint64_t> got = par::mul_multi_request_vartime(g, m, std::span<const Request>(req), u);
        REQUIRE(got.size() == r);
        for (std::size_t i = 0; i < r; ++i) {
          INFO(std::string(par::multi_request_method_name(m)) << " r=" << r << " u=" << u << " i=" << i);
          CHECK(got[i] == times(*req[i].k, *req[i].p));
          ++compared;
        }
      }
    }
  }
  CHECK(compared == 153 * 5 * 5);
}

TEST_CASE("the plain binary method inside: L - 1 doublings and one addition per 1 bit") {
  const ToyGroup g;
  const Key k{0b1011001};  // 7 bits, four of them 1
  const std::uint64_t p = 5;
  const std::vector<Request> req{{&k, &p}};
  for (par::MultiRequestMethod m : {par::MultiRequestMethod::sequential, par::MultiRequestMethod::per_request}) {
    g.doublings = 0;
    g.additions = 0;
    CHECK(par::mul_multi_request_vartime(g, m, std::span<const Request>(req), 2)[0] == 0b1011001 * 5);
    CHECK(g.doublings == 6);
    CHECK(g.additions == 4);
  }
  // [12]: the doubling lane doubles L - 1 times, the adding lane adds the four buffered points.
  g.doublings = 0;
  g.additions = 0;
  CHECK(par::mul_multi_request_vartime(g, par::MultiRequestMethod::pipeline_12, std::span<const Request>(req), 2)[0] ==
        0b1011001 * 5);
  CHECK(g.doublings == 6);
  CHECK(g.additions == 4);
}
