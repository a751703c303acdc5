// dstu bench field: ns per operation in each built-in field (the ten DSTU 4145 ones,
// params.standard "dstu", and the four other NIST ones of FIPS 186-4 D.1.3, "nist"),
// on each CPU path (VPCLMULQDQ where the field uses it, PCLMULQDQ, portable), and for
// the parallel variants of [Parallel DSTU 4145] §3 on the DSTU fields.
#include <set>
#include <string>
#include <utility>

#include "bench/bench.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/builtin.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/gf2m/parallel.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {

void suite_field(const Options& opt, std::vector<Record>& out) {
  const std::string saved = cpu::override_spec();
  const Budget budget{opt.quick ? 5 : 11, std::chrono::microseconds(opt.quick ? 300 : 1000)};
  rng::ChaCha20Drbg rng(5, 0);
  std::vector<std::string> paths{"native"};
  if (cpu::vpclmul_kernels(cpu::detected())) {
    paths.push_back("native,-vpclmulqdq");  // the PCLMULQDQ kernels
  }
  paths.push_back("portable");
  std::set<std::pair<gf2m::Builtin, gf2m::Isa>> measured;  // a field whose ISA a path does not change runs once
  for (const std::string& path : paths) {
    cpu::set_override(path);
    for (gf2m::Builtin id : gf2m::builtin_fields()) {
      const gf2m::Field& f = gf2m::Field::builtin(id);
      const gf2m::Ops& k = gf2m::ops(f);
      if (!measured.insert({id, k.isa}).second) continue;
      const bool dstu = gf2m::detail::builtin_spec(id).dstu;
      const int m = f.m();
      gf2m::Element a, b, r;
      for (int i = 0; i < f.words(); ++i) {
        a.w[i] = rng.next_u64();
        b.w[i] = rng.next_u64();
      }
      a.w[f.words() - 1] &= f.top_mask();
      b.w[f.words() - 1] &= f.top_mask();
      const Json p = {{"m", m}, {"standard", dstu ? "dstu" : "nist"}, {"path", gf2m::isa_name(k.isa)}};
      auto run = [&](const char* name, auto&& op) { out.push_back(time_op("field", name, p, 1, "ns", budget, op)); };
      run("mul", [&] { k.mul(f, r.w, a.w, b.w); keep(r); });
      run("sqr", [&] { k.sqr(f, r.w, a.w); keep(r); });
      run("inv", [&] { k.inv(f, r.w, a.w); keep(r); });
      run("inv_vartime", [&] { gf2m::inv_vartime(f, r, a); keep(r); });
      run("sqrt", [&] { k.sqrt(f, r.w, a.w); keep(r); });
      run("half_trace", [&] { k.half_trace(f, r.w, a.w); keep(r); });
      if (path == "native" && opt.threads > 1 && dstu) {
        const Json pp = {{"m", m}, {"standard", "dstu"}, {"path", "openmp"}};
        out.push_back(time_op("field", "mul_parallel", pp, opt.threads, "ns", budget, [&] {
          gf2m::mul_parallel(f, r, a, b, opt.threads);
          keep(r);
        }));
        out.push_back(time_op("field", "sqr_parallel", pp, opt.threads, "ns", budget, [&] {
          gf2m::sqr_parallel(f, r, a, opt.threads);
          keep(r);
        }));
      }
    }
  }
  cpu::set_override(saved);
}

}  // namespace dstu::cli::bench
