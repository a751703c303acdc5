// What CAdES costs `dstu verify --batch` over the raw signatures of the same files: N
// detached files of 1 KiB (default 10,000) signed with make_test_pki's dstu257 key, once
// as raw signatures (FILE.sig) and once as CAdES-BES (FILE.p7s, the signer's certificate
// inside); verified with the bare public key, and as CMS with the certificate's chain of
// two (the test CA as the anchor) on one and on two threads, the commands alternating for
// R rounds. Prints the medians and the ratios: CMS / raw on one thread (target at
// most 1.3) and one thread / two threads for CMS (at least 1.8). With --jkurwa, jkurwa's
// Message.verify runs over the first J files (default 500) in one node process
// (tests/interop/node/jk.js cms-verify-many) and its rate is set beside ours. A
// benchmark, never a test:
//   build/tests/perf/cms_verify_cost [FILES [ROUNDS]] [--jkurwa [J]] [--json]
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "command_timing.hpp"

namespace fs = std::filesystem;

namespace {

using dstu::perf::cpu_model;
using dstu::perf::median;
using dstu::perf::run;
using dstu::perf::seconds_of;

/// Writes the files and both lists (FILE for the raw signatures, FILE.p7s for CMS).
void write_files(const fs::path& dir, int files) {
  std::mt19937_64 gen(1);
  std::ofstream raw(dir / "raw.list"), cms(dir / "cms.list"), args(dir / "files.args");
  for (int i = 0; i < files; ++i) {
    const std::string f = (dir / "files" / ("f" + std::to_string(i))).string();
    std::string content(1024, '\0');
    for (char& c : content) c = static_cast<char>(gen());
    std::ofstream(f, std::ios::binary) << content;
    raw << f << '\n';
    cms << f << ".p7s\n";
    args << f << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const bool json = std::erase(args, std::string("--json")) > 0;
  int jk_files = 0;
  if (auto it = std::find(args.begin(), args.end(), "--jkurwa"); it != args.end()) {
    jk_files = 500;
    if (it + 1 != args.end() && std::isdigit(static_cast<unsigned char>((*(it + 1))[0]))) {
      jk_files = std::atoi((it + 1)->c_str());
      args.erase(it + 1);
    }
    args.erase(it);
  }
  const int files = args.size() > 0 ? std::atoi(args[0].c_str()) : 10000;
  const int rounds = args.size() > 1 ? std::atoi(args[1].c_str()) : 5;
  jk_files = std::min(jk_files, files);
  const fs::path dir = fs::temp_directory_path() / ("dstu-cms-cost-" + std::to_string(::getpid()));
  fs::create_directories(dir / "files");
  const std::string d = dir.string(), dstu = DSTU_BINARY;
  run(std::string(DSTU_MAKE_TEST_PKI) + " " + d);
  write_files(dir, files);
  run(dstu + " -q sign -k " + d + "/user.key $(cat " + d + "/files.args)");
  run(dstu + " -q sign --cms -k " + d + "/user.key --cert " + d + "/user.cer $(cat " + d + "/files.args)");
  const std::string raw = dstu + " -q --threads 1 verify -p " + d + "/user.pub --batch " + d + "/raw.list";
  const std::string cms = " -q verify --trust " + d + "/ca.cer --batch " + d + "/cms.list";
  const std::string cms1 = dstu + " --threads 1" + cms, cms2 = dstu + " --threads 2" + cms;
  std::vector<double> a, b, c;
  seconds_of(raw);  // warm the page cache
  seconds_of(cms1);
  for (int r = 0; r < rounds; ++r) {
    a.push_back(seconds_of(raw));
    b.push_back(seconds_of(cms1));
    c.push_back(seconds_of(cms2));
  }
  const double ma = median(a), mb = median(b), mc = median(c);
  double jk_rate = 0;
  if (jk_files > 0) {
    std::ofstream jl(dir / "jk.list");
    for (int i = 0; i < jk_files; ++i) jl << (dir / "files" / ("f" + std::to_string(i))).string() << '\n';
    jl.close();
    const std::string jk = std::string("node ") + DSTU_JK_SCRIPT + " cms-verify-many --list " + d + "/jk.list";
    jk_rate = jk_files / seconds_of(jk + " > /dev/null");
  }
  const double rate1 = files / mb, rate2 = files / mc;
  if (json) {
    fmt::print("{{\"cpu\":\"{}\",\"files\":{},\"rounds\":{},\"raw_1t_s\":{:.4f},\"cms_1t_s\":{:.4f},\"cms_2t_s\":{:.4f},"
               "\"cms_over_raw\":{:.3f},\"cms_2t_speedup\":{:.3f},\"jkurwa_files\":{},\"jkurwa_per_s\":{:.1f},"
               "\"over_jkurwa_1t\":{:.1f}}}\n",
               cpu_model(), files, rounds, ma, mb, mc, mb / ma, mb / mc, jk_files, jk_rate,
               jk_rate > 0 ? rate1 / jk_rate : 0.0);
  } else {
    fmt::print("CPU: {}\n{} detached 1 KiB files, {} rounds, medians: raw signatures, bare key, 1 thread {:.1f} ms; "
               "CAdES-BES with the chain, 1 thread {:.1f} ms, 2 threads {:.1f} ms\nCMS / raw (1 thread) {:.3f} "
               "(target <= 1.3); CMS 1 thread / 2 threads {:.3f} (target >= 1.8)\n",
               cpu_model(), files, rounds, ma * 1e3, mb * 1e3, mc * 1e3, mb / ma, mb / mc);
    if (jk_rate > 0) {
      fmt::print("jkurwa: {} files, {:.1f} per second in one node process; dstu {:.0f} per second on one thread "
                 "({:.1f}x, target >= 50), {:.0f} on two\n",
                 jk_files, jk_rate, rate1, rate1 / jk_rate, rate2);
    }
  }
  fs::remove_all(dir);
  return 0;
}
