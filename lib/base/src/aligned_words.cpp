#include "dstu/base/aligned_words.hpp"

#include <new>

namespace dstu {

namespace {
constexpr std::align_val_t kAlign{64};
}  // namespace

AlignedWords::AlignedWords(std::size_t n)
    : p_(static_cast<std::uint64_t*>(::operator new[](n * sizeof(std::uint64_t), kAlign))), n_(n) {
  for (std::size_t i = 0; i < n; ++i) p_[i] = 0;
}

AlignedWords::AlignedWords(const AlignedWords& other) : AlignedWords(other.n_) {
  for (std::size_t i = 0; i < n_; ++i) p_[i] = other.p_[i];
}

AlignedWords& AlignedWords::operator=(const AlignedWords& other) {
  if (this != &other) *this = AlignedWords(other);
  return *this;
}

void AlignedWords::Free::operator()(std::uint64_t* p) const { ::operator delete[](p, kAlign); }

}  // namespace dstu
