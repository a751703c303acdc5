// The cost model of F. F. Al-Otaibi's thesis "Trade-off analysis for generic-point
// parallel elliptic curve scalar multiplication" (§4.1, Table 5.4), in point doublings
// (dstu/curve/multi_request.hpp states the formulas).
#include "dstu/curve/multi_request.hpp"

#include <algorithm>

namespace dstu::curve {
namespace {

/// One point addition costs two doublings (the thesis's assumption throughout).
constexpr double kAdd = 2;

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

/// Algorithm 3's post-computation doublings of partition i: c = 0 to i v, none for i = 0.
double post_doublings(std::size_t i, double v) { return i == 0 ? 0 : static_cast<double>(i) * v + 1; }

/// [10], one pair of requests: the busiest thread's two partitions and post-computations,
/// then the u - 1 additions that assemble each of the two results.
double postcomputation_pair(std::size_t u, double v) {
  double post = 0;
  for (std::size_t j = 0; j < u; ++j) post = std::max(post, post_doublings(j, v) + post_doublings(u - 1 - j, v));
  return 3 * v + post + 2 * static_cast<double>(u - 1) * kAdd;
}

}  // namespace

const char* multi_request_method_name(MultiRequestMethod method) {
  switch (method) {
    case MultiRequestMethod::sequential: return "sequential";
    case MultiRequestMethod::postcomputation_10: return "postcomputation_10";
    case MultiRequestMethod::precomputation_11: return "precomputation_11";
    case MultiRequestMethod::pipeline_12: return "pipeline_12";
    case MultiRequestMethod::per_request: return "per_request";
  }
  return "?";
}

double multi_request_model_doublings(MultiRequestMethod method, std::size_t m, std::size_t r, std::size_t u) {
  u = std::max<std::size_t>(u, 1);
  const double md = static_cast<double>(m), rd = static_cast<double>(r);
  const double key = md + md / 2 * kAdd;  // m doublings and m / 2 additions
  const double v = static_cast<double>(ceil_div(m, u));
  switch (method) {
    case MultiRequestMethod::sequential: return rd * key;
    case MultiRequestMethod::per_request: return static_cast<double>(ceil_div(r, u)) * key;
    case MultiRequestMethod::pipeline_12:
      if (u < 2) return rd * key;
      return static_cast<double>(ceil_div(r, u / 2)) * md;  // m doublings beside m / 2 additions
    case MultiRequestMethod::precomputation_11:
      return static_cast<double>(ceil_div(r, u) * (u - 1)) * v + rd * (2 * v + static_cast<double>(u - 1) * kAdd);
    case MultiRequestMethod::postcomputation_10:
      return static_cast<double>(ceil_div(r, 2)) * postcomputation_pair(u, v);
  }
  return 0;
}

}  // namespace dstu::curve
