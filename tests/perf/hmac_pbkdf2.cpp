// Benchmark, not a test: PBKDF2 through the HMAC classes that the library's callers use
// (pbkdf2_hmac_gost34311 for Ukrainian key stores, HmacSha2 for RFC 6979), so that one
// source times the HMAC implementation of any commit. Medians of thread CPU time.
// Usage: hmac_pbkdf2 [samples=7]
#include <cstdio>
#include <cstdlib>

#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "per_call.hpp"

namespace {

/// PBKDF2's inner loop over HmacSha2: U_j = HMAC(P, U_{j-1}), `iterations` times.
void hmac_chain(const char* hash, std::uint64_t iterations) {
  const std::uint8_t password[] = "correct horse battery staple";
  dstu::hash::HmacSha2 prf(hash, password);
  std::uint8_t u[64] = {1, 2, 3};
  const std::size_t n = prf.mac_size();
  for (std::uint64_t j = 0; j < iterations; ++j) {
    prf.update(std::span<const std::uint8_t>(u, n));
    prf.final(std::span<std::uint8_t>(u, n));
  }
  dstu::perf::keep(u);
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 7;
  using Clock = dstu::perf::ThreadCpuClock;
  const std::uint8_t password[] = "password";
  const std::uint8_t salt[32] = {7};
  std::uint8_t key[32];
  const double gost = dstu::perf::median_ns_per_call<Clock>(samples, 1, [&] {
    dstu::hash::pbkdf2_hmac_gost34311(key, password, salt, 10000);
    dstu::perf::keep(key);
  });
  std::printf("PBKDF2-HMAC-GOST34.311, 10000 iterations: %9.2f ms (%.0f ns per HMAC)\n", gost / 1e6, gost / 1e4);
  for (const char* h : {"sha256", "sha512"}) {
    const double ns = dstu::perf::median_ns_per_call<Clock>(samples, 1, [&] { hmac_chain(h, 100000); });
    std::printf("PBKDF2-HMAC-%s loop, 100000 iterations: %9.2f ms (%.0f ns per HMAC)\n", h, ns / 1e6, ns / 1e5);
  }
  return 0;
}
