// Limb-array addition, subtraction, comparison and shifts.
#include <cstring>

#include "carry.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::mp::ln {

using detail::addc;
using detail::subb;

Limb add_n(Limb* r, const Limb* a, const Limb* b, std::size_t n) {
  unsigned char c = 0;
  for (std::size_t i = 0; i < n; ++i) {
    c = addc(c, a[i], b[i], &r[i]);
  }
  return c;
}

Limb sub_n(Limb* r, const Limb* a, const Limb* b, std::size_t n) {
  unsigned char c = 0;
  for (std::size_t i = 0; i < n; ++i) {
    c = subb(c, a[i], b[i], &r[i]);
  }
  return c;
}

Limb add_1(Limb* r, const Limb* a, std::size_t n, Limb w) {
  if (n == 0) return w;
  unsigned char c = addc(0, a[0], w, &r[0]);
  for (std::size_t i = 1; i < n; ++i) c = addc(c, a[i], 0, &r[i]);
  return c;
}

Limb sub_1(Limb* r, const Limb* a, std::size_t n, Limb w) {
  if (n == 0) return w != 0;
  unsigned char c = subb(0, a[0], w, &r[0]);
  for (std::size_t i = 1; i < n; ++i) c = subb(c, a[i], 0, &r[i]);
  return c;
}

Limb add(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  Limb c = add_n(r, a, b, nb);
  return add_1(r + nb, a + nb, na - nb, c);
}

Limb sub(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  Limb c = sub_n(r, a, b, nb);
  return sub_1(r + nb, a + nb, na - nb, c);
}

int cmp_vartime(const Limb* a, const Limb* b, std::size_t n) {
  while (n-- > 0) {
    if (a[n] != b[n]) return a[n] < b[n] ? -1 : 1;
  }
  return 0;
}

Limb lshift(Limb* r, const Limb* a, std::size_t n, unsigned cnt) {
  if (n == 0) return 0;
  if (cnt == 0) {
    copy(r, a, n);
    return 0;
  }
  const unsigned back = 64 - cnt;
  Limb out = a[n - 1] >> back;
  for (std::size_t i = n - 1; i > 0; --i) r[i] = a[i] << cnt | a[i - 1] >> back;
  r[0] = a[0] << cnt;
  return out;
}

Limb rshift(Limb* r, const Limb* a, std::size_t n, unsigned cnt) {
  if (n == 0) return 0;
  if (cnt == 0) {
    copy(r, a, n);
    return 0;
  }
  const unsigned back = 64 - cnt;
  Limb out = a[0] << back;
  for (std::size_t i = 0; i + 1 < n; ++i) r[i] = a[i] >> cnt | a[i + 1] << back;
  r[n - 1] = a[n - 1] >> cnt;
  return out;
}

std::size_t normalized_size_vartime(const Limb* a, std::size_t n) {
  while (n > 0 && a[n - 1] == 0) --n;
  return n;
}

void zero(Limb* r, std::size_t n) {
  if (n) std::memset(r, 0, n * sizeof(Limb));
}

void copy(Limb* r, const Limb* a, std::size_t n) {
  if (n && r != a) std::memmove(r, a, n * sizeof(Limb));
}

}  // namespace dstu::mp::ln
