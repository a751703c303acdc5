// dstu::parallel — the one thread team every parallel algorithm shares.
//
// The team is an OpenMP thread pool created once, at start-up (init), and reused by
// every parallel call, as seed 001 concludes: creating threads per operation costs as
// much as a 1024-bit product. Nested parallelism is off: a parallel algorithm called
// from inside a team thread runs sequentially on that thread.
#pragma once

#include <omp.h>

#include <cstddef>
#include <exception>
#include <mutex>

namespace dstu::parallel {

/// Creates (or resizes) the team to `threads` threads and wakes them once.
void init(int threads);

/// The team size: what init() set, else OMP_NUM_THREADS, else the number of cores.
int team_size();

/// True inside a parallel region, where further parallel calls run sequentially.
inline bool inside_parallel() { return omp_in_parallel() != 0; }

/// The number of threads a parallel call made now would get (1 when nested).
inline int available() { return inside_parallel() ? 1 : team_size(); }

/// A half-open range [begin, end).
struct Range {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
};

/// Part `index` of [0, total) cut into `parts` nearly equal contiguous ranges.
inline Range split_even(std::size_t total, std::size_t parts, std::size_t index) {
  std::size_t base = total / parts, extra = total % parts;
  std::size_t begin = index * base + (index < extra ? index : extra);
  return {begin, begin + base + (index < extra ? 1 : 0)};
}

/// Collects the first exception thrown on any team thread, to rethrow after the join.
class ExceptionSlot {
 public:
  template <class F>
  void run(F&& f) noexcept {
    try {
      f();
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!first_) first_ = std::current_exception();
    }
  }
  void rethrow() {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
};

/// Calls body(i) for every i in [0, count), spread over up to `threads` team
/// threads (dynamic schedule), and returns when all are done.
template <class F>
void for_each(std::size_t count, int threads, F&& body) {
  if (threads <= 1 || count <= 1 || inside_parallel()) {
    for (std::size_t i = 0; i < count; ++i) body(i);
    return;
  }
  ExceptionSlot slot;
  const long n = static_cast<long>(count);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (long i = 0; i < n; ++i) slot.run([&] { body(static_cast<std::size_t>(i)); });
  slot.rethrow();
}

/// Runs body(thread_index, thread_count) once on each of `threads` team threads.
template <class F>
void on_team(int threads, F&& body) {
  if (threads <= 1 || inside_parallel()) {
    body(0, 1);
    return;
  }
  ExceptionSlot slot;
#pragma omp parallel num_threads(threads)
  slot.run([&] { body(omp_get_thread_num(), omp_get_num_threads()); });
  slot.rethrow();
}

}  // namespace dstu::parallel
