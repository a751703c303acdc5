// The sequential product entry points: pick basecase or Karatsuba by size, and
// cut unbalanced operands into balanced pieces.
#include <algorithm>

#include "dstu/mp/limbs.hpp"
#include "dstu/parallel/team.hpp"
#include "kernels.hpp"
#include "tuning.hpp"

namespace dstu::mp::ln {

void mul_small(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb) {
  if (na == nb && mul_n_hw(r, a, b, na)) return;
  if (nb >= tuning::current().rows_mul && have_adx()) return mul_basecase(r, a, na, b, nb);
  mul_comba(r, a, na, b, nb);
}

void sqr_small(Limb* r, const Limb* a, std::size_t n) {
  if (sqr_n_hw(r, a, n)) return;
  if (n >= tuning::current().rows_sqr && have_adx()) return sqr_basecase(r, a, n);
  sqr_comba(r, a, n);
}

std::size_t mul_scratch(std::size_t na, std::size_t nb) {
  if (nb < tuning::current().karatsuba_mul) return 0;
  const std::size_t last = na % nb;
  std::size_t inner = karatsuba_scratch(nb);
  if (last >= tuning::current().karatsuba_mul) inner = std::max(inner, mul_scratch(nb, last));
  return 2 * nb + inner;
}

void mul(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb, Limb* scratch) {
  if (nb < tuning::current().karatsuba_mul) return mul_small(r, a, na, b, nb);
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
    } else if (len >= tuning::current().karatsuba_mul) {
      mul(piece, b, nb, a + done, len, inner);  // recursion sees nb > len
    } else {
      mul_small(piece, b, nb, a + done, len);
    }
    // r[done..done+nb) already holds the carry-over of the previous pieces.
    Limb c = add_n(r + done, r + done, piece, nb);
    copy(r + done + nb, piece + nb, len);
    add_1(r + done + nb, r + done + nb, len, c);
    done += len;
  }
}

void mul_auto(Limb* r, const Limb* a, std::size_t na, const Limb* b, std::size_t nb, Limb* scratch) {
  const std::size_t from = tuning::current().comba_mx;
  if (from != 0 && nb >= from) {
    const int threads = parallel::available();
    if (threads > 1) return mul_comba_mx(r, a, na, b, nb, threads);
  }
  mul(r, a, na, b, nb, scratch);
}

std::size_t sqr_scratch(std::size_t n) {
  return n < tuning::current().karatsuba_sqr ? 0 : karatsuba_scratch(n);
}

void sqr(Limb* r, const Limb* a, std::size_t n, Limb* scratch) {
  if (n < tuning::current().karatsuba_sqr) return sqr_small(r, a, n);
  sqr_karatsuba(r, a, n, scratch);
}

}  // namespace dstu::mp::ln
