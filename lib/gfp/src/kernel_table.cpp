// gfp::Field's kernel table: kernels.hpp's products, squares, additions and subtractions
// instantiated for every number of limbs up to kMaxLimbs and every special form.
#include "kernel_table.hpp"

#include "dstu/gfp/internal/kernels.hpp"

namespace dstu::gfp::detail {
namespace {

template <std::size_t N, Form F>
constexpr KernelTable table_of() {
  constexpr MulFn portable = mont_mul<N, F, Path::portable>;
  constexpr SqrFn sqr_portable = mont_sqr<N, F, Path::portable>;
  if constexpr (has_adx_kernel(N, F)) {
    return {portable, mont_mul<N, F, Path::adx>, sqr_portable, mont_sqr<N, F, Path::adx>, add_mod<N>, sub_mod<N>};
  } else {
    return {portable, portable, sqr_portable, sqr_portable, add_mod<N>, sub_mod<N>};
  }
}

}  // namespace

KernelTable kernel_table(std::size_t n, Form form) {
  if (form == Form::mersenne521) return table_of<9, Form::mersenne521>();
  if (form == Form::p256) return table_of<4, Form::p256>();
  if (form == Form::m0inv_one && n == 3) return table_of<3, Form::m0inv_one>();
  static constexpr KernelTable generic[] = {table_of<1, Form::generic>(), table_of<2, Form::generic>(),
                                            table_of<3, Form::generic>(), table_of<4, Form::generic>(),
                                            table_of<5, Form::generic>(), table_of<6, Form::generic>(),
                                            table_of<7, Form::generic>(), table_of<8, Form::generic>(),
                                            table_of<9, Form::generic>()};
  return generic[n - 1];
}

}  // namespace dstu::gfp::detail
