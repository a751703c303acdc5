// Test support for tests/pkix: a file of tests/interop/fixtures (keys, digests and
// signatures BouncyCastle, jkurwa and Cryptonite wrote); the target defines
// DSTU_INTEROP_FIXTURES, the directory.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "dstu/base/bytes.hpp"

namespace dstu::test {

inline Bytes interop_fixture(const std::string& name) {
  std::ifstream in(std::string(DSTU_INTEROP_FIXTURES) + "/" + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

}  // namespace dstu::test
