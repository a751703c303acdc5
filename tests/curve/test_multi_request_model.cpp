// The cost model of Al-Otaibi's thesis ("Trade-off analysis for generic-point parallel
// elliptic curve scalar multiplication", dstu/curve/multi_request.hpp) against the
// figures of its Table 5.4 and its statements of time complexity.
#include <doctest/doctest.h>

#include <initializer_list>

#include "dstu/curve/multi_request.hpp"

namespace curve = dstu::curve;
using curve::MultiRequestMethod;

TEST_CASE("the cost model gives every figure of the thesis's Table 5.4 (u = 8)") {
  // Table 5.4: total DBLs for r = 8, 16, 32 and key sizes 128, 160, 200, 256;
  // columns [10], [11], [12], New.
  struct Row {
    std::size_t m;
    double by_r[3][4];
  };
  const Row table[] = {
      {128, {{760, 480, 256, 256}, {1520, 960, 512, 512}, {3040, 1920, 1024, 1024}}},
      {160, {{920, 572, 320, 320}, {1840, 1144, 640, 640}, {3680, 2288, 1280, 1280}}},
      {200, {{1120, 687, 400, 400}, {2240, 1374, 800, 800}, {4480, 2748, 1600, 1600}}},
      {256, {{1400, 848, 512, 512}, {2800, 1696, 1024, 1024}, {5600, 3392, 2048, 2048}}},
  };
  const MultiRequestMethod columns[] = {MultiRequestMethod::postcomputation_10, MultiRequestMethod::precomputation_11,
                                        MultiRequestMethod::pipeline_12, MultiRequestMethod::per_request};
  const std::size_t rs[] = {8, 16, 32};
  for (const Row& row : table) {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 4; ++j) {
        INFO("m=" << row.m << " r=" << rs[i] << " " << curve::multi_request_method_name(columns[j]));
        CHECK(curve::multi_request_model_doublings(columns[j], row.m, rs[i], 8) == row.by_r[i][j]);
      }
    }
  }
}

TEST_CASE("the cost model: the thesis's time complexity of the new method, and one processor") {
  using M = MultiRequestMethod;
  // ceil(r / u) (m DBL + m / 2 ADD), ADD = 2 DBL (thesis §4.1).
  CHECK(curve::multi_request_model_doublings(M::per_request, 160, 9, 4) == 3 * 320);
  CHECK(curve::multi_request_model_doublings(M::sequential, 256, 4, 8) == 4 * 512);
  // One processor: the new method and [12] are the sequential method; [11] pays its
  // u - 1 = 0 precomputations and additions nothing.
  for (M m : {M::per_request, M::pipeline_12, M::precomputation_11}) {
    CHECK(curve::multi_request_model_doublings(m, 192, 16, 1) == curve::multi_request_model_doublings(M::sequential, 192, 16, 1));
  }
  // [12] at u = 2 runs one request at a time in m doublings (the two lanes overlap).
  CHECK(curve::multi_request_model_doublings(M::pipeline_12, 512, 4, 2) == 4 * 512);
  // Monotone in r for every method and u.
  for (M m : curve::kMultiRequestMethods) {
    for (std::size_t u = 1; u <= 8; ++u) {
      CHECK(curve::multi_request_model_doublings(m, 257, 5, u) <= curve::multi_request_model_doublings(m, 257, 6, u));
    }
  }
}
