// dstu::parallel — the one thread team every parallel algorithm shares.
//
// The team is the help-first pool of pool.hpp: helper threads start on the first call
// that has work for more than one thread (a command that signs one file never starts
// one), spin briefly after each job and then sleep, and the caller claims unstarted
// items itself, so a busy or descheduled second core never makes a call wait for a
// helper that has not begun. Nested calls (from inside an item) run sequentially.
// OpenMP remains for the Comba 2x and Mx variants of [Parallel Comba] (lib/mp), which
// are measured, and for the default team size (OMP_NUM_THREADS).
#pragma once

#include <omp.h>

#include <cstddef>
#include <type_traits>

#include "dstu/parallel/pool.hpp"

namespace dstu::parallel {

/// Sets the team size to `threads` (at least 1). Starts no thread.
void init(int threads);

/// The team size: what init() set, else OMP_NUM_THREADS, else the number of cores.
int team_size();

/// True inside a parallel call's item (or an OpenMP region), where further parallel
/// calls run sequentially.
inline bool inside_parallel() { return inside_item() || omp_in_parallel() != 0; }

/// The number of threads a parallel call made now would get (1 when nested).
inline int available() { return inside_parallel() ? 1 : team_size(); }

/// split_now() without counting a call of a split form (for choosers that ask first).
inline bool can_split(int threads) { return threads > 1 && !inside_parallel() && !splits_backing_off(); }

/// True when a split over `threads` would now run on more than one thread: not nested,
/// and not in a back-off period after signs of busy cores. A split form whose parts run
/// one after another would cost more than its sequential twin (the split comb, the two
/// scalar multiplications of verification, exponent portions) asks this first and runs
/// the twin on false. The field splits of [Parallel DSTU 4145] (gf2m mul/sqr_parallel),
/// whose parts inline cost what the twin does, and the OpenMP Comba 2x/Mx do not.
inline bool split_now(int threads) {
  note_split_call();
  return can_split(threads);
}

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

/// Calls body(i) for every i in [0, count), spread over the caller and up to
/// `threads` - 1 helpers (items claimed one at a time), and returns when all are done,
/// rethrowing the first exception.
template <class F>
void for_each(std::size_t count, int threads, F&& body) {
  using Body = std::remove_reference_t<F>;
  run_items(count, threads, [](void* ctx, std::size_t i) { (*static_cast<Body*>(ctx))(i); },
            const_cast<void*>(static_cast<const void*>(&body)), Work::bulk);
}

/// Runs body(index, threads) for every index in [0, threads): the parts of a split
/// operation, each on whichever thread claims it first (possibly all on the caller).
template <class F>
void on_team(int threads, F&& body) {
  if (threads <= 1 || inside_parallel()) {
    body(0, 1);
    return;
  }
  auto part = [&](std::size_t index) { body(static_cast<int>(index), threads); };
  using Part = decltype(part);
  run_items(static_cast<std::size_t>(threads), threads,
            [](void* ctx, std::size_t i) { (*static_cast<Part*>(ctx))(i); }, &part, Work::split);
}

}  // namespace dstu::parallel
