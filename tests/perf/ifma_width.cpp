// ifma_width: the IFMA almost-Montgomery products on ymm against zmm vectors, at the
// sizes where the last zmm of a number is half padding (lib/mp/src/mont_ifma.hpp: each
// process times the two there and keeps the faster). A benchmark, never a test.
// The two widths are timed alternately in one process, in rdtsc ticks per product, a
// single product and a pair (the interleaved CRT halves of RSA signing), so a machine
// whose speed drifts moves both alike; the table gives the median of the rounds' own
// ratios zmm / ymm and each width's best round.
// Usage: ifma_width [bits...]   (modulus sizes; default 1024 7680: the halves of
// 2048-bit and 15360-bit RSA keys)
#include <x86intrin.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mont_ifma.hpp"

namespace {

using dstu::mp::Nat;
namespace ifma = dstu::mp::ifma;

struct Sides {
  std::vector<double> ratio;
  double ymm = 1e300, zmm = 1e300;
  void add(double y, double z) {
    ratio.push_back(z / y);
    ymm = std::min(ymm, y);
    zmm = std::min(zmm, z);
  }
  double median() {
    std::sort(ratio.begin(), ratio.end());
    return ratio[ratio.size() / 2];
  }
};

void compare(std::size_t bits) {
  const Nat m0 = Nat::power_of_two(bits) - Nat(12345), m1 = Nat::power_of_two(bits) - Nat(54321);
  const ifma::Context y0(m0, ifma::Width::ymm), y1(m1, ifma::Width::ymm);
  const ifma::Context z0(m0, ifma::Width::zmm), z1(m1, ifma::Width::zmm);
  if (!y0.ymm()) {
    std::printf("%6zu  no half-padding vector at this size: zmm only\n", bits);
    return;
  }
  const auto a0 = y0.to(Nat(3)), b0 = y0.to(Nat(5)), a1 = y1.to(Nat(7)), b1 = y1.to(Nat(11));
  std::vector<std::uint64_t> r0(y0.digits()), r1(y0.digits());
  const int calls = std::max(4, static_cast<int>(4000000 / (bits * bits / 64 + 1)));
  auto ticks = [&](auto&& product) {
    const std::uint64_t began = __rdtsc();
    for (int i = 0; i < calls; ++i) product();
    return static_cast<double>(__rdtsc() - began) / calls;
  };
  Sides single, pair;
  for (int round = 0; round < 100; ++round) {
    single.add(ticks([&] { y0.mul(r0.data(), a0.data(), b0.data()); }),
               ticks([&] { z0.mul(r0.data(), a0.data(), b0.data()); }));
    pair.add(ticks([&] { ifma::mul_pair(y0, r0.data(), a0.data(), b0.data(), y1, r1.data(), a1.data(), b1.data()); }),
             ticks([&] { ifma::mul_pair(z0, r0.data(), a0.data(), b0.data(), z1, r1.data(), a1.data(), b1.data()); }));
  }
  std::printf("%6zu %10.0f %10.0f %8.3f %10.0f %10.0f %8.3f\n", bits, single.ymm, single.zmm, single.median(), pair.ymm,
              pair.zmm, pair.median());
}

}  // namespace

int main(int argc, char** argv) {
  if (!ifma::available()) {
    std::fprintf(stderr, "ifma_width: no AVX-512 IFMA on this CPU\n");
    return 2;
  }
  std::vector<std::size_t> sizes;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    const unsigned long bits = std::strtoul(argv[i], &end, 10);
    // 2^bits less the constants above must be a modulus the kernels serve.
    if (end == argv[i] || *end != '\0' || bits < 17 || bits > 52 * 8 * ifma::kMaxVectors - 2) {
      std::fprintf(stderr, "ifma_width: bits '%s': a size from 17 to %zu\n", argv[i], 52 * 8 * ifma::kMaxVectors - 2);
      return 2;
    }
    sizes.push_back(bits);
  }
  if (sizes.empty()) sizes = {1024, 7680};
  std::printf("# rdtsc ticks per product (best of 100 rounds) and zmm / ymm (median of the rounds' ratios)\n");
  std::printf("%6s %10s %10s %8s %10s %10s %8s\n", "bits", "1 ymm", "1 zmm", "ratio", "pair ymm", "pair zmm", "ratio");
  for (const std::size_t bits : sizes) compare(bits);
  return 0;
}
