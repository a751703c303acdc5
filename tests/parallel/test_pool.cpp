// The help-first pool: every item exactly once for every count and thread count,
// exceptions, nesting, concurrent callers, helpers that stall after entering a job
// (the caller finishes alone), and a second core kept busy by other threads.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "dstu/parallel/team.hpp"

namespace par = dstu::parallel;

namespace {

/// Runs for_each(count, threads) and checks each index ran exactly once.
void check_exactly_once(std::size_t count, int threads) {
  std::vector<std::atomic<int>> hits(count);
  par::for_each(count, threads, [&](std::size_t i) { hits[i].fetch_add(1); });
  for (std::size_t i = 0; i < count; ++i) {
    if (hits[i].load() != 1) FAIL("index " << i << " of " << count << " ran " << hits[i].load() << " times");
  }
}

/// About `ns` nanoseconds of work that the compiler cannot drop.
void busy_work(int iterations) {
  volatile std::uint64_t x = 1;
  for (int i = 0; i < iterations; ++i) x = x * 6364136223846793005u + 1;
}

}  // namespace

TEST_CASE("every item runs exactly once, for every count and thread count") {
  for (int threads = 1; threads <= 4; ++threads) {
    for (std::size_t count = 0; count <= 70; ++count) {
      INFO("threads " << threads << " count " << count);
      check_exactly_once(count, threads);
    }
    check_exactly_once(5000, threads);
  }
}

TEST_CASE("on_team runs each part once with the team size as count") {
  for (int threads = 1; threads <= 4; ++threads) {
    std::vector<std::atomic<int>> seen(4);
    par::on_team(threads, [&](int index, int count) {
      CHECK(count == threads);
      seen[static_cast<std::size_t>(index)].fetch_add(1);
    });
    for (int i = 0; i < 4; ++i) CHECK(seen[static_cast<std::size_t>(i)].load() == (i < threads ? 1 : 0));
  }
}

TEST_CASE("the first exception reaches the caller after every item has run") {
  for (int threads = 1; threads <= 4; ++threads) {
    std::atomic<int> ran{0};
    CHECK_THROWS_AS(par::for_each(40, threads,
                                  [&](std::size_t i) {
                                    ++ran;
                                    if (i % 7 == 3) throw std::runtime_error("item failed");
                                  }),
                    std::runtime_error);
    CHECK(ran == 40);
    check_exactly_once(40, threads);  // the pool is usable afterwards
  }
}

TEST_CASE("calls from inside an item run inline") {
  std::atomic<int> inner{0}, nested_inline{0};
  par::for_each(8, 2, [&](std::size_t) {
    CHECK(par::inside_parallel());
    const auto self = std::this_thread::get_id();
    par::for_each(5, 4, [&](std::size_t) {
      ++inner;
      if (std::this_thread::get_id() == self) ++nested_inline;
    });
  });
  CHECK(inner == 40);
  CHECK(nested_inline == 40);
  CHECK_FALSE(par::inside_parallel());
}

TEST_CASE("several callers at once: one uses the helpers, the others run inline, all correct") {
  std::vector<std::thread> callers;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      for (int round = 0; round < 300; ++round) {
        std::vector<std::atomic<int>> hits(17);
        par::for_each(17, 3, [&](std::size_t i) { hits[i].fetch_add(1); });
        for (auto& h : hits) failures += h.load() != 1;
      }
    });
  }
  for (auto& c : callers) c.join();
  CHECK(failures == 0);
}

TEST_CASE("helpers that stall inside a job never hold up the caller") {
  par::for_each(4, 4, [](std::size_t) {});  // helpers exist
  par::pause_helpers_for_testing(true);
  const auto caller = std::this_thread::get_id();
  // More jobs than slots: stalled helpers occupy slots; later calls run inline.
  for (int job = 0; job < 12; ++job) {
    std::vector<std::atomic<int>> hits(30);
    std::atomic<int> elsewhere{0};
    par::for_each(30, 4, [&](std::size_t i) {
      hits[i].fetch_add(1);
      if (std::this_thread::get_id() != caller) ++elsewhere;
    });
    for (auto& h : hits) CHECK(h.load() == 1);
    CHECK(elsewhere == 0);  // every item claimed by the caller
  }
  par::pause_helpers_for_testing(false);
  // Released, the stalled helpers find their jobs finished and leave them untouched.
  for (int job = 0; job < 200; ++job) check_exactly_once(64, 4);
}

TEST_CASE("with every core kept busy by other threads, calls stay correct and finish") {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<bool> stop{false};
  std::vector<std::thread> hogs;
  for (unsigned i = 0; i < cores; ++i) {
    hogs.emplace_back([&] {
      while (!stop.load(std::memory_order_relaxed)) busy_work(1000);
    });
  }
  for (int job = 0; job < 300; ++job) {
    std::vector<std::atomic<int>> hits(9);
    par::for_each(9, 2, [&](std::size_t i) {
      busy_work(2000);
      hits[i].fetch_add(1);
    });
    for (auto& h : hits) REQUIRE(h.load() == 1);
  }
  stop = true;
  for (auto& h : hogs) h.join();
}

TEST_CASE("splits back off to inline after a stall or late helpers; bulk loops keep their helpers") {
  // A part that runs on a helper takes 200 µs, so the caller waits for it (a stall);
  // a call whose parts both run on the caller counts as a late helper. Either is a sign.
  const auto caller = std::this_thread::get_id();
  // Calls where the helper had to be woken from sleep show no sign; on a loaded
  // machine many do, so keep calling for up to 5 s.
  bool backed_off = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!backed_off && std::chrono::steady_clock::now() < deadline) {
    par::on_team(2, [&](int, int) {
      if (std::this_thread::get_id() != caller) std::this_thread::sleep_for(std::chrono::microseconds(200));
    });
    backed_off = par::splits_backing_off();
  }
  CHECK(backed_off);
  // A bulk loop (many items per thread) is not held back and gets a helper (given
  // time to wake one on a loaded machine: up to 2 s of loops).
  std::atomic<int> elsewhere{0};
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (elsewhere == 0 && std::chrono::steady_clock::now() < until) {
    par::for_each(64, 2, [&](std::size_t) {
      busy_work(50000);
      if (std::this_thread::get_id() != caller) ++elsewhere;
    });
  }
  CHECK(elsewhere > 0);
}
