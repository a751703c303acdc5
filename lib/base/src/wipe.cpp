#include "dstu/base/wipe.hpp"

#include <string.h>

namespace dstu {

void secure_wipe(void* p, std::size_t n) noexcept {
  if (p != nullptr && n != 0) explicit_bzero(p, n);
}

}  // namespace dstu
