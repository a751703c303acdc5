// dstu::parallel — the helper threads behind every parallel call: started on first
// use, hot for a short bounded spin after each job, then asleep; the caller claims
// work itself (help first), so a call never waits for a helper that has not started.
//
// A job is `count` independent items. The caller publishes it, wakes sleeping helpers
// only if there are any, and then claims items one at a time from a shared counter,
// as do the helpers that arrive. When no item is left the caller waits only for the
// items helpers have already begun: a helper that is descheduled, or whose core is
// busy with another process, simply finds nothing left when it runs. Items must not
// wait for each other (no barriers between them): any item may run on the caller.
//
// Jobs live in a few slots; a slot is reused only when no helper is inside it, and
// when every slot still holds a late helper (or another thread is using the pool)
// the call runs its items inline. Exceptions from items are rethrown to the caller.
//
// A split on a machine whose other cores are busy can
// still lose: a helper preempted inside an item holds the caller for a scheduler time
// slice, and a helper that only ever arrives late just competes for a core. After
// either sign the pool runs splits inline for a back-off period (1 ms doubling to
// 128 ms while the signs repeat); bulk loops keep their helpers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::parallel {

/// One item: call(ctx, index).
using ItemFn = void (*)(void* ctx, std::size_t index);

/// What a call's items are: a bulk loop (many independent requests or files) or the
/// parts of one split operation (as many parts as threads).
enum class Work { bulk, split };

/// Runs call(ctx, i) for every i in [0, count) on the calling thread and up to
/// `threads` - 1 helpers, returning when all are done (rethrowing the first exception
/// an item threw). Inline (sequential, no helper started) when threads <= 1,
/// count <= 1, when called from inside an item, or for a split during a back-off.
void run_items(std::size_t count, int threads, ItemFn call, void* ctx, Work work);

/// Starts up to `threads` - 1 helpers and wakes those asleep, returning once none is
/// asleep or after `max_wait_us` microseconds: the next call finds them spinning. For
/// a measurement of a split form after sequential calls (a woken helper arrives too
/// late for a call of a few microseconds, which then measures the wake-up). Does
/// nothing from inside an item or with threads <= 1.
void wake_helpers(int threads, int max_wait_us);

/// True while the calling thread is running an item of a parallel call.
bool inside_item();

/// True while splits run inline after signs of busy cores (see above).
bool splits_backing_off();

/// Split operations since the process began: `calls` counts every call of a split form
/// (each asks split_now once), `shared` those where a helper ran at least one part. A
/// call that ran its sequential twin, or all its parts on the caller, is not shared;
/// the bench reports shared / calls beside each parallel row.
struct SplitCounts {
  std::uint64_t calls = 0;
  std::uint64_t shared = 0;
};
SplitCounts split_counts();

/// Counts one call of a split form (split_now does).
void note_split_call();

/// Helper threads started so far (for tests: 0 until a call needed one).
int helpers_started();

/// Test hook: while paused, a woken helper stops right after entering a job, as a
/// helper descheduled at the worst moment would; calls must still complete.
void pause_helpers_for_testing(bool paused);

/// How long an idle helper spins before it sleeps, in microseconds.
inline constexpr int kSpinMicroseconds = 100;

}  // namespace dstu::parallel
