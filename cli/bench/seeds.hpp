// What the files of `dstu bench seeds` share (seeds.cpp, seeds_002.cpp): a measured record
// as a row of a source table, and the rows of a published table (published.hpp) by key.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "bench/bench.hpp"
#include "bench/published.hpp"

namespace dstu::cli::bench::seeds {

/// A measured record as a row of a source table: suite seeds, its name there,
/// params.source first, the published figures.
Record row(const Record& measured, const std::string& name, const char* source, const Json& published);

/// The row of `table` whose column `key` is `value` (a curve's m, a curve's name), if any.
template <class Key>
std::optional<published::Row> find_row(std::string_view table, const char* key, const Key& value) {
  for (const published::Row& r : published::rows(table)) {
    if constexpr (std::is_same_v<Key, int>) {
      if (r.integer(key) == value) return r;
    } else {
      if (r.text(key) == value) return r;
    }
  }
  return std::nullopt;
}

/// A row of one of 002's tables beside its twin of the other build: {x86, x64}, or
/// nothing where the source has no such row.
template <class Key>
std::optional<std::pair<published::Row, published::Row>> builds_002(const std::string& table, const char* key,
                                                                    const Key& value) {
  auto x86 = find_row(table + "/x86", key, value), x64 = find_row(table + "/x64", key, value);
  if (!x86 || !x64) return std::nullopt;
  return std::pair{*x86, *x64};
}

}  // namespace dstu::cli::bench::seeds
