// dstu::AlignedWords — 64-bit words in 64-byte aligned heap storage, for tables the
// AVX-512 kernels read with aligned loads (GF(2^m) row tables, the comb's planes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace dstu {

/// n zero-initialised words, 64-byte aligned. Copyable (deep copy) and movable.
class AlignedWords {
 public:
  AlignedWords() = default;
  explicit AlignedWords(std::size_t n);
  AlignedWords(const AlignedWords& other);
  AlignedWords& operator=(const AlignedWords& other);
  /// Moves leave the source empty (size 0, no storage).
  AlignedWords(AlignedWords&& other) noexcept : p_(std::move(other.p_)), n_(std::exchange(other.n_, 0)) {}
  AlignedWords& operator=(AlignedWords&& other) noexcept {
    p_ = std::move(other.p_);
    n_ = std::exchange(other.n_, 0);
    return *this;
  }
  std::uint64_t* data() { return p_.get(); }
  const std::uint64_t* data() const { return p_.get(); }
  std::size_t size() const { return n_; }

 private:
  struct Free {
    void operator()(std::uint64_t* p) const;
  };
  std::unique_ptr<std::uint64_t[], Free> p_;
  std::size_t n_ = 0;
};

}  // namespace dstu
