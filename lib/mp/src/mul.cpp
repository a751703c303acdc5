// The sequential product entry points: pick basecase or Karatsuba by size, and
// cut unbalanced operands into balanced pieces.
#include <algorithm>

#include "dstu/mp/limbs.hpp"
#include "tuning.hpp"

namespace dstu::mp::ln {

std::size_t mul_scratch(std::size_t na, std::size_t nb) {
  if (nb < tuning::kKaratsubaMul) return 0;
  const std::size_t last = na % nb;
  std::size_t inner = karatsuba_scratch(nb);
  if (last >= tuning::kKaratsubaMul) inner = std::max(inner, mul_scratch(nb, last));
  return 2 * nb + inner;
}

void mul(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb, Limb* scratch) {
  if (nb < tuning::kKaratsubaMul) return mul_comba(r, a, na, b, nb);
  if (na == nb) return mul_karatsuba(r, a, b, nb, scratch);
  // na > nb: r = sum over nb-limb pieces of a, each times b, shifted into place.
  Limb* piece = scratch;
  Limb* inner = scratch + 2 * nb;
  mul_karatsuba(r, a, b, nb, inner);
  std::size_t done = nb;
  while (done < na) {
    const std::size_t len = std::min(nb, na - done);
    if (len == nb) {
      mul_karatsuba(piece, a + done, b, nb, inner);
    } else if (len >= tuning::kKaratsubaMul) {
      mul(piece, b, nb, a + done, len, inner);  // recursion sees nb > len
    } else {
      mul_comba(piece, b, nb, a + done, len);
    }
    // r[done..done+nb) already holds the carry-over of the previous pieces.
    Limb c = add_n(r + done, r + done, piece, nb);
    copy(r + done + nb, piece + nb, len);
    add_1(r + done + nb, r + done + nb, len, c);
    done += len;
  }
}

void sqr(Limb* r, const Limb* a, std::size_t n, Limb* scratch) {
  if (n < tuning::kKaratsubaSqr) return sqr_comba(r, a, n);
  sqr_karatsuba(r, a, n, scratch);
}

}  // namespace dstu::mp::ln
