// Helpers shared by the hash tests.
#pragma once

#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::test {

/// The S-box named in a .vec file ("dke1" or "test").
inline const cipher::SBox& sbox_named(const std::string& name) {
  return name == "test" ? cipher::SBox::test_paramset() : cipher::SBox::dke1();
}

template <class A>
std::string hex(const A& a) {
  return to_hex(std::span<const std::uint8_t>(a.data(), a.size()));
}

}  // namespace dstu::test
