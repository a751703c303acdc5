// Differential fuzz target: the portable GF(2^m) kernels against the hardware ones this
// CPU has (carry-less multiply, VPCLMULQDQ), for multiplication, squaring, square root
// and inversion on the built-in field the first octet picks; the elements come from the
// rest.
#include <cstdint>
#include <cstring>

#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/field.hpp"
#include "dstu/gf2m/ops.hpp"

namespace gf2m = dstu::gf2m;

namespace {

gf2m::Element element(const gf2m::Field& f, const std::uint8_t* p, std::size_t n) {
  gf2m::Element e;
  std::memcpy(e.w, p, std::min<std::size_t>(n, static_cast<std::size_t>(f.bytes())));
  e.w[f.words() - 1] &= f.top_mask();
  return e;
}

bool same(const gf2m::Field& f, const gf2m::Element& a, const gf2m::Element& b) {
  return std::memcmp(a.w, b.w, static_cast<std::size_t>(f.words()) * sizeof(gf2m::Word)) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto fields = gf2m::builtin_fields();  // DSTU 4145 and NIST
  const gf2m::Field& f = gf2m::Field::builtin(fields[data[0] % fields.size()]);
  const std::size_t half = (size - 1) / 2;
  const gf2m::Element a = element(f, data + 1, half), b = element(f, data + 1 + half, size - 1 - half);
  gf2m::Element r[2][4];
  const char* paths[2] = {"portable", "native"};
  for (int p = 0; p < 2; ++p) {
    dstu::cpu::set_override(paths[p]);
    gf2m::mul(f, r[p][0], a, b);
    gf2m::sqr(f, r[p][1], a);
    gf2m::sqrt(f, r[p][2], b);
    gf2m::inv(f, r[p][3], a);
  }
  for (int k = 0; k < 4; ++k) {
    if (!same(f, r[0][k], r[1][k])) __builtin_trap();
  }
  return 0;
}
