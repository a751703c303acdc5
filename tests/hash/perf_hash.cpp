// Benchmark, not a test: single-core throughput of each hash (and GOST 28147 ECB)
// over an in-memory buffer. Usage: perf_hash [MiB=256] [name...]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dstu/cipher/gost28147.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hasher.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void report(const std::string& name, std::size_t bytes, double s, unsigned first) {
  std::printf("%-24s %8.1f MB/s  (%zu MiB in %.3f s, digest starts %02x)\n", name.c_str(), bytes / s / 1e6,
              bytes >> 20, s, first);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256;
  std::vector<std::string> names;
  for (int i = 2; i < argc; ++i) names.push_back(argv[i]);
  if (names.empty()) {
    names = dstu::hash::hasher_names();
    names.push_back("gost28147-ecb-table");
    names.push_back("gost28147-ecb-ct");
  }
  std::vector<std::uint8_t> buf(mib << 20);
  for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(i * 2654435761u >> 13);
  std::printf("cpu override: %s; active: %s\n", dstu::cpu::override_spec().c_str(),
              dstu::cpu::describe(dstu::cpu::active()).c_str());
  for (const auto& name : names) {
    if (name.rfind("gost28147-ecb", 0) == 0) {
      const std::uint8_t key[32] = {1, 2, 3};
      const auto impl = name.ends_with("ct") ? dstu::cipher::Gost28147Impl::constant_time
                                             : dstu::cipher::Gost28147Impl::table_vartime;
      const dstu::cipher::Gost28147 c(key, dstu::cipher::SBox::dke1(), impl);
      const std::size_t n = impl == dstu::cipher::Gost28147Impl::constant_time ? buf.size() / 8 : buf.size();
      std::vector<std::uint8_t> out(n);
      const auto t0 = std::chrono::steady_clock::now();
      c.ecb_encrypt(out, std::span<const std::uint8_t>(buf).first(n));
      report(name, n, seconds_since(t0), out[0]);
      continue;
    }
    auto h = dstu::hash::make_hasher(name);
    const auto t0 = std::chrono::steady_clock::now();
    h->update(buf);
    const auto d = h->final();
    report(name, buf.size(), seconds_since(t0), d[0]);
  }
  return 0;
}
