// The parallel variants are bit-identical to the sequential kernels for 1 to 4 threads
// (and for more parts than threads), on every field and CPU path, also when called
// from inside a parallel region.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/parallel.hpp"
#include "dstu/parallel/team.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("mul_parallel and sqr_parallel equal mul and sqr for 1..4 threads") {
  dstu::parallel::init(4);
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      dstu::test::TestRng rng(1600 + static_cast<std::uint64_t>(f->m()));
      const auto xs = test_elements(*f, rng, 60);
      for (std::size_t i = 0; i < xs.size(); ++i) {
        const Element& a = xs[i];
        const Element& b = xs[(i * 5 + 1) % xs.size()];
        Element want_m, want_s;
        g::mul(*f, want_m, a, b);
        g::sqr(*f, want_s, a);
        for (int threads = 1; threads <= 4; ++threads) {
          Element rm, rs;
          g::mul_parallel(*f, rm, a, b, threads);
          g::sqr_parallel(*f, rs, a, threads);
          CHECK(same(rm, want_m));
          CHECK(same(rs, want_s));
        }
        Element alias = a;
        g::mul_parallel(*f, alias, alias, b, 2);
        CHECK(same(alias, want_m));
      }
    }
  });
}

TEST_CASE("nested calls run sequentially and agree") {
  dstu::parallel::init(2);
  const Field& f = Field::dstu(257);
  dstu::test::TestRng rng(1700);
  const Element a = random_element(f, rng), b = random_element(f, rng);
  Element want;
  g::mul(f, want, a, b);
  Element got[2];
  dstu::parallel::on_team(2, [&](int index, int) { g::mul_parallel(f, got[index], a, b, 2); });
  CHECK(same(got[0], want));
  CHECK(same(got[1], want));
  CHECK_FALSE(g::parallel_mul_pays(f, 1));
}
