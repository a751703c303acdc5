// What a certificate chain adds to `dstu verify`: N small files (default 1,000) signed
// under a certificate whose chain has three certificates (make_test_pki: root, CA,
// signer, and the CA's CRL), verified with `--batch` against the bare public key and
// against the certificate with --trust/--untrusted/--crl, the two commands alternating
// for R rounds; the medians and their ratio (the target: at most 1.1, the chain
// being checked once per run). A benchmark, never a test:
//   build/tests/perf/verify_chain_cost [FILES [ROUNDS]] [--json]
#include <fmt/core.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command_timing.hpp"

namespace fs = std::filesystem;

using dstu::perf::cpu_model;
using dstu::perf::median;
using dstu::perf::run;
using dstu::perf::seconds_of;

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const bool json = std::erase(args, std::string("--json")) > 0;
  const int files = args.size() > 0 ? std::atoi(args[0].c_str()) : 1000;
  const int rounds = args.size() > 1 ? std::atoi(args[1].c_str()) : 9;
  const fs::path dir = fs::temp_directory_path() / ("dstu-chain-cost-" + std::to_string(::getpid()));
  fs::create_directories(dir / "files");
  const std::string d = dir.string(), dstu = DSTU_BINARY;
  run(std::string(DSTU_MAKE_TEST_PKI) + " " + d);
  std::ofstream list(dir / "list");
  for (int i = 0; i < files; ++i) {
    const std::string f = d + "/files/f" + std::to_string(i);
    std::ofstream(f) << "small file " << i << '\n';
    list << f << '\n';
  }
  list.close();
  run(dstu + " -q sign -k " + d + "/user.key $(cat " + d + "/list)");
  const std::string bare = dstu + " -q verify -p " + d + "/user.pub --batch " + d + "/list";
  const std::string chain = dstu + " -q verify -p " + d + "/user.cer --trust " + d + "/root.cer --untrusted " + d +
                            "/ca.cer --crl " + d + "/ca.crl --batch " + d + "/list";
  std::vector<double> a, b;
  seconds_of(bare);  // warm the page cache
  for (int r = 0; r < rounds; ++r) {
    a.push_back(seconds_of(bare));
    b.push_back(seconds_of(chain));
  }
  const double ma = median(a), mb = median(b);
  if (json) {
    fmt::print("{{\"cpu\":\"{}\",\"files\":{},\"rounds\":{},\"bare_s\":{:.4f},\"chain_s\":{:.4f},\"ratio\":{:.3f}}}\n",
               cpu_model(), files, rounds, ma, mb, mb / ma);
  } else {
    fmt::print("CPU: {}\n{} files, {} rounds, medians: bare key {:.1f} ms, certificate + chain of three with a CRL "
               "{:.1f} ms, ratio {:.3f}\n",
               cpu_model(), files, rounds, ma * 1e3, mb * 1e3, mb / ma);
  }
  fs::remove_all(dir);
  return 0;
}
