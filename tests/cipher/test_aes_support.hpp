// Helpers of the AES tests: every vector of a file once per CPU path, random octets.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "cpu_paths.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/cipher/aes.hpp"
#include "test_random.hpp"
#include "vec.hpp"

namespace dstu::test {

/// f(vector) for every vector of test-vectors/<file>, once per CPU path (the thorough
/// list: native minus each extension in turn, so every AES path runs), with the vector,
/// the path and the AES kernels in the failure message.
template <class F>
void for_vectors_on_every_path(const std::string& file, F&& f) {
  const auto vectors = load_vectors(file);
  REQUIRE(!vectors.empty());
  for_each_cpu_path(
      [&](const std::string& path) {
        for (const auto& v : vectors) {
          INFO(v.where() << " on " << path << " (" << cipher::aes_path() << ")");
          f(v);
        }
      },
      true);
}

inline Bytes random_bytes(TestRng& rng, std::size_t n) {
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

}  // namespace dstu::test
