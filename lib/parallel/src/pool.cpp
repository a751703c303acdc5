// The help-first pool (see pool.hpp). Memory orders: a job's fields are written
// before `open` is stored (release) and read after `open` is loaded (acquire); a
// slot is rewritten only while no helper is `inside` it: `inside` and `open` are
// seq_cst on both sides (the caller stores open = false before it checks inside; the
// helper increments inside before it loads open), so a helper either is seen inside
// or sees `open` false or the new job complete; `done` is released by the item's
// runner and acquired by the caller.
#include "dstu/parallel/pool.hpp"

#include "backoff.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace dstu::parallel {
namespace {

constexpr int kSlots = 4;
constexpr int kMaxHelpers = 255;

using Clock = std::chrono::steady_clock;

thread_local bool t_inside = false;
std::atomic<bool> g_paused{false};
std::atomic<std::uint64_t> g_split_calls{0}, g_split_shared{0};  // see SplitCounts

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/// One published job.
struct Job {
  std::atomic<int> inside{0};       // helpers between entering and leaving this slot
  std::atomic<bool> open{false};    // items may still be claimed
  std::atomic<std::size_t> next{0};  // next unclaimed item
  std::atomic<std::size_t> done{0};  // items finished
  std::atomic<int> joined{0};        // helpers that took part
  std::size_t count = 0;
  int helper_limit = 0;
  ItemFn call = nullptr;
  void* ctx = nullptr;
  std::mutex error_lock;
  std::exception_ptr error;

  /// Claims and runs items until none is left; returns how many it ran.
  std::size_t work() {
    std::size_t ran = 0;
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count; ++ran) {
      try {
        call(ctx, i);
      } catch (...) {
        std::lock_guard lock(error_lock);
        if (!error) error = std::current_exception();
      }
      done.fetch_add(1, std::memory_order_release);
    }
    return ran;
  }
};

class Pool {
 public:
  ~Pool() {
    stop_.store(true);
    generation_.fetch_add(1);
    wake_sleepers();
    for (std::thread& t : helpers_) t.join();
  }

  void run(std::size_t count, int threads, ItemFn call, void* ctx, Work work) {
    // A split is what a busy core hurts and what back-off protects; a bulk loop loses
    // at most one item to a preempted helper, and never backs off.
    const bool split = work == Work::split;
    std::unique_lock busy(run_lock_, std::try_to_lock);
    Job* job = busy.owns_lock() && !(split && backing_off()) ? free_slot() : nullptr;
    if (job == nullptr) return run_inline(count, call, ctx);  // in use, backing off, or late helpers everywhere
    const int wanted = static_cast<int>(std::min<std::size_t>(count - 1, static_cast<std::size_t>(threads - 1)));
    const int helpers = start_helpers(std::min(wanted, kMaxHelpers));
    if (helpers == 0) return run_inline(count, call, ctx);  // no thread could be created
    const bool woke = publish(*job, count, helpers, call, ctx);
    t_inside = true;
    const auto began = split ? Clock::now() : Clock::time_point{};
    const std::size_t ran_here = job->work();
    const std::int64_t worked_ns =
        split ? std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - began).count() : 0;
    t_inside = false;
    const std::int64_t waited_ns = wait_done(*job);
    // A helper woken from sleep is late by its wake-up latency: not a sign of a busy
    // core, neither as a miss nor as a stall.
    if (split) {
      note_wait(woke ? 0 : waited_ns, worked_ns, !woke && ran_here == count);
      if (ran_here < count) g_split_shared.fetch_add(1, std::memory_order_relaxed);
    }
    // seq_cst, as the helper's load after its `inside` increment: a helper that enters
    // after free_slot() saw the slot empty must see this false, not the old true.
    job->open.store(false, std::memory_order_seq_cst);
    std::exception_ptr error = std::move(job->error);
    job->error = nullptr;
    busy.unlock();
    if (error) std::rethrow_exception(error);
  }

  bool splits_backing_off() { return backoff_.active(now_ns); }

  void wake(int threads, int max_wait_us) {
    start_helpers(std::min(threads - 1, kMaxHelpers));
    // A new generation with no new job: each helper looks at the last job (closed or
    // in use by another caller, which it may then join), and spins again.
    generation_.fetch_add(1);
    wake_sleepers();
    const auto until = Clock::now() + std::chrono::microseconds(max_wait_us);
    for (int i = 0; sleepers_.load() > 0; ++i) {
      if ((i & 63) == 63 && Clock::now() > until) break;
      cpu_relax();
    }
  }

  int started() {
    std::lock_guard lock(start_lock_);
    return static_cast<int>(helpers_.size());
  }

  /// The items in order on the calling thread; like a pooled call, every item runs and
  /// the first exception is rethrown at the end.
  static void run_inline(std::size_t count, ItemFn call, void* ctx) {
    const bool was = t_inside;
    t_inside = true;
    std::exception_ptr error;
    for (std::size_t i = 0; i < count; ++i) {
      try {
        call(ctx, i);
      } catch (...) {
        if (!error) error = std::current_exception();
      }
    }
    t_inside = was;
    if (error) std::rethrow_exception(error);
  }

 private:
  Job* free_slot() {
    for (Job& j : slots_) {
      if (j.inside.load() == 0) return &j;
    }
    return nullptr;
  }

  /// Starts helpers up to `want`; returns how many there are, at most `want` (fewer
  /// when the system refuses another thread: the call then uses those it has).
  int start_helpers(int want) {
    std::lock_guard lock(start_lock_);
    // The generation is read here, before the job is published, so a helper that is
    // slow to start still sees this job and any later stop (as a newer generation).
    try {
      while (static_cast<int>(helpers_.size()) < want) {
        const std::uint32_t seen = generation_.load();
        helpers_.emplace_back([this, seen] { helper_loop(seen); });
        helper_count_.store(static_cast<int>(helpers_.size()));
      }
    } catch (const std::system_error&) {
    }
    return std::min(want, static_cast<int>(helpers_.size()));
  }

  /// Publishes the job; true if fewer than `helpers` helpers were awake, so that the
  /// call's helpers had to be woken (extra idle helpers asleep do not count).
  bool publish(Job& j, std::size_t count, int helpers, ItemFn call, void* ctx) {
    j.next.store(0, std::memory_order_relaxed);
    j.done.store(0, std::memory_order_relaxed);
    j.joined.store(0, std::memory_order_relaxed);
    j.count = count;
    j.helper_limit = helpers;
    j.call = call;
    j.ctx = ctx;
    j.open.store(true, std::memory_order_release);
    current_.store(&j, std::memory_order_release);
    generation_.fetch_add(1);
    const int asleep = wake_sleepers();
    return helper_count_.load() - asleep < helpers;
  }

  /// Wakes the helpers asleep in await_generation, if any (seq_cst with their
  /// increment of sleepers_: either we see them, or they see the new generation);
  /// returns how many were asleep.
  int wake_sleepers() {
    const int asleep = sleepers_.load();
    if (asleep == 0) return 0;
    std::lock_guard lock(sleep_lock_);
    asleep_.notify_all();
    return asleep;
  }

  /// Waits for the items helpers began, spinning, then yielding; returns how long it
  /// waited in nanoseconds once that exceeded a short spin (0 otherwise).
  static std::int64_t wait_done(Job& j) {
    Clock::time_point start{};
    for (int spin = 0; j.done.load(std::memory_order_acquire) < j.count; ++spin) {
      if (spin == 256) start = Clock::now();
      if (spin < 4096) {
        cpu_relax();
      } else {
        std::this_thread::yield();
      }
    }
    if (start == Clock::time_point{}) return 0;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
  }

  /// A split call's times go to the back-off rule (backoff.hpp).
  void note_wait(std::int64_t waited_ns, std::int64_t worked_ns, bool missed) {
    backoff_.note(waited_ns, worked_ns, missed, now_ns());
  }

  /// True while a back-off period is running (reads the clock only then).
  bool backing_off() { return backoff_.active(now_ns); }

  static std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
  }

  void helper_loop(std::uint32_t seen) {
    for (;;) {
      seen = await_generation(seen);
      if (stop_.load()) return;
      Job* j = current_.load(std::memory_order_acquire);
      if (j == nullptr) continue;
      j->inside.fetch_add(1);
      while (g_paused.load(std::memory_order_relaxed) && !stop_.load()) std::this_thread::yield();
      if (j->open.load(std::memory_order_seq_cst) &&
          j->joined.fetch_add(1, std::memory_order_relaxed) < j->helper_limit) {
        t_inside = true;
        j->work();
        t_inside = false;
      }
      j->inside.fetch_sub(1);
    }
  }

  /// A generation other than `seen`: spins for kSpinMicroseconds, then sleeps.
  std::uint32_t await_generation(std::uint32_t seen) {
    const auto until = Clock::now() + std::chrono::microseconds(kSpinMicroseconds);
    for (int i = 0;; ++i) {
      const std::uint32_t g = generation_.load(std::memory_order_acquire);
      if (g != seen) return g;
      if ((i & 63) == 63 && Clock::now() > until) break;
      cpu_relax();
    }
    std::unique_lock lock(sleep_lock_);
    sleepers_.fetch_add(1);
    asleep_.wait(lock, [&] { return generation_.load() != seen || stop_.load(); });
    sleepers_.fetch_sub(1);
    return generation_.load(std::memory_order_acquire);
  }

  std::mutex run_lock_;    // one job at a time; another caller runs inline
  detail::Backoff backoff_;  // note() under run_lock_
  std::mutex start_lock_;  // helpers_
  std::vector<std::thread> helpers_;
  std::atomic<int> helper_count_{0};  // helpers_.size(), for readers without start_lock_
  std::array<Job, kSlots> slots_;
  std::atomic<Job*> current_{nullptr};
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<int> sleepers_{0};
  std::mutex sleep_lock_;
  std::condition_variable asleep_;
  std::atomic<bool> stop_{false};
};

Pool& pool() {
  static Pool p;
  return p;
}

}  // namespace

void run_items(std::size_t count, int threads, ItemFn call, void* ctx, Work work) {
  if (count == 0) return;
  if (threads <= 1 || count == 1 || t_inside) return Pool::run_inline(count, call, ctx);
  pool().run(count, threads, call, ctx, work);
}

bool inside_item() { return t_inside; }

void wake_helpers(int threads, int max_wait_us) {
  if (threads <= 1 || t_inside) return;
  pool().wake(threads, max_wait_us);
}

SplitCounts split_counts() {
  return {g_split_calls.load(std::memory_order_relaxed), g_split_shared.load(std::memory_order_relaxed)};
}

void note_split_call() { g_split_calls.fetch_add(1, std::memory_order_relaxed); }

bool splits_backing_off() { return pool().splits_backing_off(); }

int helpers_started() { return pool().started(); }

void pause_helpers_for_testing(bool paused) { g_paused.store(paused); }

}  // namespace dstu::parallel
