// One thread, the same requests: the batch (two requests interleaved, shared
// inversion) against one at a time, per curve and CPU path. Rounds alternate A and B
// so that drift of a noisy host falls on both; each side's median over the rounds is
// reported (us per request), and the ratio of the medians (one-at-a-time / batch: > 1
// means the batch is faster), by the rule of dstu::stats.
// Usage: batch_ab [rounds]   (paths: native, native,-vpclmulqdq where VPCLMULQDQ
// kernels exist, portable)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/stats.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/ec2m/batch.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace ec2m = dstu::ec2m;
namespace stats = dstu::stats;

template <class F>
double us(F f) {
  const auto t = Clock::now();
  f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 15;
  constexpr std::size_t kRequests = 64;
  std::vector<std::string> paths{"native"};
  if (dstu::cpu::vpclmul_kernels(dstu::cpu::detected())) paths.push_back("native,-vpclmulqdq");
  paths.push_back("portable");
  std::printf("%-20s %-8s %-6s %10s %10s %7s\n", "path", "curve", "op", "single_us", "batch_us", "ratio");
  for (const std::string& path : paths) {
    dstu::cpu::set_override(path);
    for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
      dstu::rng::ChaCha20Drbg rng(5, 0);
      std::vector<ec2m::Scalar> k(kRequests), r(kRequests);
      const ec2m::AffinePoint q = ec2m::mul_base(*c, ec2m::scalar_from_nat(dstu::mp::Nat(12345)));
      for (std::size_t i = 0; i < kRequests; ++i) {
        dstu::Bytes b((c->order_bits() + 7) / 8);
        rng.fill(b);
        k[i] = c->scalar_field().reduce(ec2m::scalar_from_nat(dstu::mp::Nat::from_bytes_le(b)));
        rng.fill(b);
        r[i] = ec2m::scalar_from_nat(dstu::mp::Nat::from_bytes_le(b) % c->order());
      }
      std::vector<ec2m::DoubleScalar> req;
      for (std::size_t i = 0; i < kRequests; ++i) req.push_back({k[i], r[i], &q});
      std::vector<double> sa, sb, va, vb;
      volatile std::uint64_t sink = 0;
      for (int round = 0; round < rounds; ++round) {
        sa.push_back(us([&] {
          for (const auto& e : k) sink = sink + ec2m::mul_base(*c, e).x.w[0];
        }));
        sb.push_back(us([&] { sink = sink + ec2m::mul_base_batch(*c, k, 1)[0].x.w[0]; }));
        va.push_back(us([&] {
          for (std::size_t i = 0; i < kRequests; ++i) sink = sink + ec2m::mul_double_vartime(*c, k[i], r[i], q).x.w[0];
        }));
        vb.push_back(us([&] { sink = sink + ec2m::mul_double_batch_vartime(*c, req, 1)[0].x.w[0]; }));
      }
      // One line: the medians per request of the single and batch rounds, and their ratio.
      const auto line = [&](const char* op, const std::vector<double>& single, const std::vector<double>& batch) {
        const stats::Summary a = stats::summarize(single), b = stats::summarize(batch);
        std::printf("%-20s %-8s %-6s %10.2f %10.2f %7.3f\n", path.c_str(), c->name().c_str(), op,
                    a.median / kRequests, b.median / kRequests, stats::ratio(a, b).median);
      };
      line("base", sa, sb);
      line("double", va, vb);
    }
  }
  dstu::cpu::set_override("native");
}
