// dstu::secure_wipe and SecureBytes — erasing secrets from memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <type_traits>
#include <vector>

namespace dstu {

/// Overwrites n bytes at p with zeros; never optimised away.
void secure_wipe(void* p, std::size_t n) noexcept;

/// An allocator that wipes memory before giving it back.
template <class T>
struct WipingAllocator {
  using value_type = T;
  WipingAllocator() = default;
  template <class U>
  WipingAllocator(const WipingAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return std::allocator<T>{}.allocate(n); }
  void deallocate(T* p, std::size_t n) noexcept {
    secure_wipe(p, n * sizeof(T));
    std::allocator<T>{}.deallocate(p, n);
  }
  template <class U>
  bool operator==(const WipingAllocator<U>&) const noexcept { return true; }
};

/// A byte buffer for secrets: wiped when freed or reallocated.
using SecureBytes = std::vector<std::uint8_t, WipingAllocator<std::uint8_t>>;

/// Wipes the named objects (plain data: scalars, field elements, points) when the scope
/// ends, by return or by throw. For the temporaries of secret scalar arithmetic:
///   Scalar e = c.scalar_field().reduce(k);
///   ScopedWipe wipe_e(e);
template <class... T>
class ScopedWipe {
  static_assert((std::is_trivially_copyable_v<T> && ...), "only plain data can be wiped bytewise");

 public:
  explicit ScopedWipe(T&... objects) noexcept : objects_(objects...) {}
  ~ScopedWipe() {
    std::apply([](auto&... o) { (secure_wipe(&o, sizeof o), ...); }, objects_);
  }
  ScopedWipe(const ScopedWipe&) = delete;
  ScopedWipe& operator=(const ScopedWipe&) = delete;

 private:
  std::tuple<T&...> objects_;
};

}  // namespace dstu
