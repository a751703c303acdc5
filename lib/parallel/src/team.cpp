#include "dstu/parallel/team.hpp"

#include <atomic>

namespace dstu::parallel {
namespace {

std::atomic<int> g_team_size{0};

}  // namespace

void init(int threads) {
  if (threads < 1) threads = 1;
  omp_set_max_active_levels(1);
  omp_set_num_threads(threads);  // the OpenMP Comba variants follow the same size
  g_team_size.store(threads);
}

int team_size() {
  int n = g_team_size.load();
  return n > 0 ? n : omp_get_max_threads();
}

}  // namespace dstu::parallel
