// dstu bench seeds: the tables of the source documents "000", "001" and "002" (named in
// seeds_published.cpp) re-measured on this machine, each row beside the published one:
//   000:T1  modular exponentiation, sequential and by exponent portions, 1024..3072 bits
//   000:T2  D, A, r = A / D (Jacobian-type), comb iterations d, speed-up S of the split
//           comb, and S in theory from the measured r and d
//   000:T3  sign and verify on one thread, V / S              (m = 163 ... 431; the
//   000:T4  the split comb and the two scalar multiplications  source's m = 571 has no
//           of verification on two threads, V / S, speed-ups    curve here yet)
//   001:T1  Modified Comba, Comba 2x and Comba Mx, 3 ... 384 32-bit words
//   002:#3  public key, presignature, sign, verify per curve
//   002:#2  hash throughput over 16 KiB messages
//   002:#4  ECDSA keygen, sign, verify on NIST P-192 ... P-521
//   002:#5  ECGDSA keygen, sign, verify on brainpoolP160r1 ... P512r1
//   004:T5.5 ... T5.16  r requests k_i P_i by the multi-request methods of Al-Otaibi's
//           thesis (sequential, [10], [11], [12], one request per thread) on u = 1, 2
//           threads, speed-ups over the sequential method, and the thesis's cost model
//           in doublings at u = 2 and 8 (Table 5.4), on the binary curves nearest its
//           160-, 192-, 256- and 512-bit keys
// Every record has params.source and `published`, the source's figures for its row.
// The measurements are the suites' own (measure_* beside each suite); a row the source
// derives (r, S, V/S) is the ratio of the medians of two rows of the same table, named
// in params.of.
#include <algorithm>
#include <utility>

#include "bench/bench.hpp"
#include "bench/seeds_published.hpp"
#include "dstu/ec/multi_request.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

namespace pub = published;

/// A measured record as a row of a source table: suite seeds, its name there,
/// params.source first, the published figures.
Record row(const Record& measured, const std::string& name, const char* source, const Json& published) {
  Record r = measured;
  r.suite = "seeds";
  r.name = name;
  r.params = {{"source", source}};
  r.params.update(measured.params);
  r.published = published;
  return r;
}

/// The named record of `records` (a measurement function's output) as a row.
Record row(const std::vector<Record>& records, const std::string& measured, const std::string& name,
           const char* source, const Json& published) {
  const Record* r = find(records, measured);
  if (r == nullptr) throw_invalid("bench seeds: no measurement " + measured);
  return row(*r, name, source, published);
}

/// The derived row num / den (two rows of one table), with their published row.
Record derived(const std::string& name, const Record& num, const Record& den) {
  Json params = num.params;
  params["of"] = {num.name, den.name};
  Record r = ratio_record("seeds", name, std::move(params), num, den);
  r.published = num.published;
  return r;
}

/// "000" §4: d comb iterations cost d (D + A) = d D (1 + r) on one core. Split with the
/// balanced high portion k = (d r - 1 - r) / (1 + 2 r) (before the source rounds it up
/// for the implementation), the slower part costs D (k r + d + r), so
/// S = d (1 + r) / (k r + d + r) — at r = 3 the printed 28 d / (16 d + 9).
double split_comb_speedup(double d, double r) {
  const double k = (d * r - 1 - r) / (1 + 2 * r);
  return d * (1 + r) / (k * r + d + r);
}

/// S in theory from the measured r and our d, as a row beside the measured S.
Record theoretical_speedup(const Record& r, const Record& d) {
  Json params = r.params;
  params.erase("of");
  params["from"] = {r.name, d.name};
  Record s{"seeds", "speedup_theoretical", std::move(params), 1, "ratio"};
  const double at_min = split_comb_speedup(d.median, r.min), at_max = split_comb_speedup(d.median, r.max);
  set(s, {std::min(at_min, at_max), split_comb_speedup(d.median, r.median), std::max(at_min, at_max)});
  s.iterations = r.iterations;
  s.published = r.published;
  return s;
}

template <class Row>
const Row* by_m(const auto& table, int m) {
  const auto it = std::find_if(table.begin(), table.end(), [m](const Row& x) { return x.m == m; });
  return it == table.end() ? nullptr : &*it;
}

Budget op_budget(const Options& opt) { return {opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)}; }

void modexp_000_t1(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::nanoseconds(1)};
  for (const pub::ModexpRow& p : pub::kModexp000) {
    const Json published = {{"cpu", pub::kCpu000},
                            {"powmod_sequential_s", p.sequential_s},
                            {"powmod_parallel_s", p.parallel_s},
                            {"speedup", p.speedup}};
    const std::vector<Record> m = measure_modexp(p.bits, opt.threads, budget);
    const Record seq = row(m, "powmod_sequential", "powmod_sequential", "000:T1", published);
    const Record par = row(m, "powmod_parallel", "powmod_parallel", "000:T1", published);
    out.insert(out.end(), {seq, par, derived("speedup", seq, par)});
  }
}

void formulas_000_t2(const ec::Curve& c, const std::vector<Record>& sig, const Budget& budget,
                     std::vector<Record>& out) {
  const pub::FormulaRow* p = by_m<pub::FormulaRow>(pub::kFormulas000, c.m());
  if (p == nullptr) return;
  const Json published = {{"cpu", pub::kCpu000},
                          {"double_us", p->double_us},
                          {"add_mixed_us", p->add_us},
                          {"r_add_over_double", p->r},
                          {"comb_iterations", p->comb_iterations},
                          {"speedup", p->speedup}};
  // D and A in Jacobian-type coordinates, as the source's table; the library's comb runs
  // in López–Dahab coordinates, where r is lower (suite ec measures both).
  const std::vector<Record> f = measure_formulas(c, ec::Coordinates::jacobian, budget);
  const Record dbl = row(f, "double", "double", "000:T2", published);
  const Record add = row(f, "add_mixed", "add_mixed", "000:T2", published);
  const Record r = derived("r_add_over_double", add, dbl);
  Record d{"seeds", "comb_iterations", {{"source", "000:T2"}, {"curve", c.name()}, {"window", ec::kCombWindow}}, 1,
           "count"};
  const double columns = static_cast<double>(comb_iterations(c));
  set(d, {columns, columns, columns});
  d.published = published;
  out.insert(out.end(), {dbl, add, r, d, theoretical_speedup(r, d)});
  if (find(sig, "presignature_parallel") == nullptr) return;  // one thread: no split comb
  const Record comb = row(sig, "presignature_sequential_comb", "comb", "000:T2", published);
  const Record split = row(sig, "presignature_parallel", "comb_parallel", "000:T2", published);
  out.insert(out.end(), {comb, split, derived("speedup", comb, split)});
}

void signatures_000_t3(const ec::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const pub::SequentialSignRow* p = by_m<pub::SequentialSignRow>(pub::kSequentialSign000, c.m());
  if (p == nullptr) return;
  const Json published = {
      {"cpu", pub::kCpu000}, {"sign_ms", p->sign_ms}, {"verify_ms", p->verify_ms}, {"v_over_s", p->v_over_s}};
  const Record s = row(sig, "sign", "sign", "000:T3", published);
  const Record v = row(sig, "verify", "verify", "000:T3", published);
  out.insert(out.end(), {s, v, derived("v_over_s", v, s)});
}

void signatures_000_t4(const ec::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const pub::ParallelSignRow* p = by_m<pub::ParallelSignRow>(pub::kParallelSign000, c.m());
  if (p == nullptr || find(sig, "presignature_parallel") == nullptr) return;
  const Json published = {{"cpu", pub::kCpu000},
                          {"sign_parallel_ms", p->sign_ms},
                          {"verify_parallel_ms", p->verify_ms},
                          {"v_over_s", p->v_over_s},
                          {"speedup_sign", p->speedup_sign},
                          {"speedup_verify", p->speedup_verify}};
  const Record s1 = row(sig, "presignature_sequential_comb", "sign_sequential_comb", "000:T4", published);
  const Record s2 = row(sig, "presignature_parallel", "sign_parallel", "000:T4", published);
  const Record v1 = row(sig, "verify_sequential_msm", "verify_sequential_msm", "000:T4", published);
  const Record v2 = row(sig, "verify_parallel", "verify_parallel", "000:T4", published);
  out.insert(out.end(), {s1, s2, v1, v2, derived("v_over_s", v2, s2), derived("speedup_sign", s1, s2),
                         derived("speedup_verify", v1, v2)});
}

/// The verification row is the whole verification on one thread (000:T3's); the
/// source's ran its two scalar multiplications on two threads, as 000:T4's rows do.
void signatures_002_3(const ec::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const pub::SignatureRow* p = by_m<pub::SignatureRow>(pub::kSignature002, c.m());
  if (p == nullptr) return;
  using Field = double pub::SignatureBuild::*;
  for (auto [name, field] : {std::pair<const char*, Field>{"keygen", &pub::SignatureBuild::keygen_ms},
                             {"presignature", &pub::SignatureBuild::presignature_ms},
                             {"sign", &pub::SignatureBuild::sign_ms},
                             {"verify", &pub::SignatureBuild::verify_ms}}) {
    const Json published = {{"cpu", pub::kCpu002}, {"x86_ms", p->x86.*field}, {"x64_ms", p->x64.*field}};
    out.push_back(row(sig, name, name, "002:#3", published));
  }
}

/// 000 Tables 2-4 and 002's #3: one pass over the curves, the rows kept by table.
void curve_tables(const Options& opt, std::vector<Record>& out) {
  const Budget budget = op_budget(opt);
  std::vector<Record> t2, t3, t4, p3;
  for (const ec::Curve* c : ec::Curve::all_named()) {
    const std::vector<Record> sig = measure_signature(*c, opt.threads, budget);
    formulas_000_t2(*c, sig, budget, t2);
    signatures_000_t3(*c, sig, t3);
    signatures_000_t4(*c, sig, t4);
    signatures_002_3(*c, sig, p3);
  }
  for (auto* t : {&t2, &t3, &t4, &p3}) out.insert(out.end(), t->begin(), t->end());
}

/// 002's #4 (ECDSA, NIST P and B curves) and #5 (ECGDSA, Brainpool and NIST B curves):
/// our one-thread keygen, sign and verify beside the source's (whose verification ran
/// its two scalar multiplications on two threads).
void gfp_signatures_002(const Options& opt, std::vector<Record>& out) {
  const Budget budget = op_budget(opt);
  auto table = [&](const auto& rows, const char* scheme, const char* source) {
    for (const pub::GfpSignatureRow& p : rows) {
      const std::vector<Record> m = measure_gfp_signature(p.curve, scheme, budget);
      using Field = double pub::GfpSignatureBuild::*;
      for (auto [name, field] : {std::pair<const char*, Field>{"keygen", &pub::GfpSignatureBuild::keygen_ms},
                                 {"sign", &pub::GfpSignatureBuild::sign_ms},
                                 {"verify", &pub::GfpSignatureBuild::verify_ms}}) {
        const Json published = {{"cpu", pub::kCpu002}, {"x86_ms", p.x86.*field}, {"x64_ms", p.x64.*field}};
        out.push_back(row(m, name, std::string(scheme) + "_" + name, source, published));
      }
    }
  };
  table(pub::kEcdsa002, "ecdsa", "002:#4");
  table(pub::kEcgdsa002, "ecgdsa", "002:#5");
}

void comba_001_t1(const Options& opt, std::vector<Record>& out) {
  const Budget budget = op_budget(opt);
  const std::vector<std::size_t> quick{3, 32, 128, 384};
  for (std::size_t i = 0; i < pub::kCombaWords.size(); ++i) {
    const std::size_t words = pub::kCombaWords[i];
    if (opt.quick && std::find(quick.begin(), quick.end(), words) == quick.end()) continue;
    const std::vector<Record> m = measure_comba(words, opt.threads, budget);
    using Column = std::array<double, 12> pub::CombaCpu::*;
    for (auto [name, column] : {std::pair<const char*, Column>{"mul_comba", &pub::CombaCpu::comba},
                                {"mul_comba_2x", &pub::CombaCpu::comba_2x},
                                {"mul_comba_mx", &pub::CombaCpu::comba_mx}}) {
      Json by_cpu = Json::object();
      for (const pub::CombaCpu& cpu : pub::kComba001) by_cpu[cpu.cpu] = (cpu.*column)[i];
      out.push_back(row(m, name, name, "001:T1", {{"ms_per_million_products", by_cpu}}));
    }
  }
}

Json hash_build(const pub::HashBuild& b) {
  Json j = {{"hash_mb_s", b.hash_mb_s}, {"hmac_mb_s", b.hmac_mb_s}};
  if (b.kmac_mb_s) j["kmac_mb_s"] = *b.kmac_mb_s;
  return j;
}

void hash_002_2(const Options& opt, std::vector<Record>& out) {
  std::vector<std::uint8_t> message(16384);  // the source's 16 kB
  rng::ChaCha20Drbg(4, 1).fill(message);
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 2 : 20)};
  for (const pub::HashRow& p : pub::kHash002) {
    const Json published = {{"cpu", pub::kCpu002}, {"x86", hash_build(p.x86)}, {"x64", hash_build(p.x64)}};
    out.push_back(row(measure_hash(p.hasher, message, message.size(), budget), p.hasher, "002:#2", published));
  }
}

// ---- 004: the multi-request methods of Al-Otaibi's thesis ----

/// The thesis's key sizes and the DSTU binary curves nearest them (it used Brainpool
/// prime curves, which lib/ec does not have).
struct KeySize004 {
  int key_bits;
  const char* curve;
};
constexpr KeySize004 kKeySizes004[] = {{160, "dstu163"}, {192, "dstu191"}, {256, "dstu257"}, {512, "dstu431"}};

/// The thesis's table for a key size and u ("5.5" ... "5.16").
const pub::MultiRequestTable& table_004(int key_bits, int u) {
  for (const pub::MultiRequestTable& t : pub::kMultiRequest004) {
    if (t.key_bits == key_bits && t.u == u) return t;
  }
  throw_invalid("bench seeds: no table 004 for this key size");
}

/// The thesis's rows for r requests of this key size, one per u (2, 4 and 8).
Json published_004(int key_bits, std::size_t r) {
  Json j = {{"cpu", pub::kCpu004}, {"unit", "not printed"}, {"key_bits", key_bits}, {"r", r}};
  for (int u : {2, 4, 8}) {
    const pub::MultiRequestTable& t = table_004(key_bits, u);
    for (const pub::MultiRequestRow& x : t.rows) {
      if (x.r != r) continue;
      j["u" + std::to_string(u)] = {{"table", t.table},
                                    {"sequential", x.sequential},
                                    {"postcomputation_10", x.postcomputation_10},
                                    {"precomputation_11", x.precomputation_11},
                                    {"pipeline_12", x.pipeline_12},
                                    {"per_request", x.per_request}};
    }
  }
  return j;
}

/// Table 5.4's doublings of this key size and r (u = 8), where the table has them.
void add_doublings_5_4(Json& published, int key_bits, std::size_t r) {
  for (const pub::DoublingsRow& d : pub::kDoublings004) {
    for (std::size_t i = 0; i < pub::kDoublingsRequests004.size(); ++i) {
      if (d.m != key_bits || pub::kDoublingsRequests004[i] != r) continue;
      const auto& x = d.by_r[i];
      published["table_5_4_doublings"] = {
          {"postcomputation_10", x[0]}, {"precomputation_11", x[1]}, {"pipeline_12", x[2]}, {"per_request", x[3]}};
    }
  }
}

/// sequential / method, the speed-up of a row over the one-thread sequential method,
/// with the method's params (its u).
Record speedup_004(const std::string& name, const Record& sequential, const Record& method) {
  Record r = derived(name, sequential, method);
  Json of = std::move(r.params["of"]);
  r.params = method.params;
  r.params["of"] = std::move(of);
  return r;
}

/// The model's doublings of every method at u (multi_request_model_doublings) for the
/// thesis's key size, and the model's speed-ups over the sequential method.
void model_004(const Json& params, const Json& published, int key_bits, std::size_t r, int u,
               std::vector<Record>& out) {
  std::vector<Record> counts;
  for (ec::MultiRequestMethod method : ec::kMultiRequestMethods) {
    const std::string name = std::string("model_doublings_") + ec::multi_request_method_name(method);
    Record d{"seeds", name, params, u, "count"};
    d.params["u"] = u;
    const double x = ec::multi_request_model_doublings(method, static_cast<std::size_t>(key_bits), r,
                                                       static_cast<std::size_t>(u));
    set(d, {x, x, x});
    d.published = published;
    counts.push_back(d);
  }
  out.insert(out.end(), counts.begin(), counts.end());
  for (std::size_t i = 1; i < counts.size(); ++i) {
    out.push_back(speedup_004(std::string("model_speedup_") + ec::multi_request_method_name(ec::kMultiRequestMethods[i]),
                              counts[0], counts[i]));
  }
}

/// r requests k_i P_i on one curve, every method measured on u = 1 .. min(team, 2)
/// threads (each record times all r requests), the speed-ups over the sequential
/// method, and the model at u = 2 beside them (source: the thesis's u = 2 table) and at
/// u = 8 (its u = 8 table).
void multi_request_rows(const ec::Curve& c, int key_bits, std::span<const ec::MulRequest> requests, int team,
                        const Budget& budget, std::vector<Record>& out) {
  const std::size_t r = requests.size();
  const Json published = published_004(key_bits, r);
  const std::string source = "004:T" + std::string(table_004(key_bits, 2).table);
  const Json params = {{"source", source}, {"curve", c.name()}, {"key_bits_thesis", key_bits}, {"requests", r}};
  auto measure = [&](ec::MultiRequestMethod method, const std::string& name, int u) {
    Json p = params;
    p["u"] = u;
    Record rec = time_op("seeds", name, p, u, "ms", budget,
                         [&] { keep(ec::mul_multi_request_vartime(c, method, requests, u)); });
    rec.published = published;
    return rec;
  };
  const Record seq = measure(ec::MultiRequestMethod::sequential, "sequential", 1);
  out.push_back(seq);
  for (int u = 1; u <= std::min(team, 2); ++u) {
    for (std::size_t i = 1; i < std::size(ec::kMultiRequestMethods); ++i) {
      const ec::MultiRequestMethod method = ec::kMultiRequestMethods[i];
      const std::string name = std::string(ec::multi_request_method_name(method)) + "_u" + std::to_string(u);
      const Record m = measure(method, name, u);
      out.insert(out.end(), {m, speedup_004("speedup_" + name, seq, m)});
    }
  }
  model_004(params, published, key_bits, r, 2, out);
  Json params8 = params;
  params8["source"] = "004:T" + std::string(table_004(key_bits, 8).table);
  Json published8 = published;
  add_doublings_5_4(published8, key_bits, r);
  model_004(params8, published8, key_bits, r, 8, out);
}

void multi_request_004(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 5, std::chrono::nanoseconds(1)};
  const std::vector<std::size_t> sizes = opt.quick ? std::vector<std::size_t>{4, 16}
                                                   : std::vector<std::size_t>{4, 8, 16, 32, 64};
  for (const KeySize004& ks : kKeySizes004) {
    const ec::Curve& c = ec::Curve::named(ks.curve);
    rng::ChaCha20Drbg rng(4, static_cast<std::uint64_t>(c.m()));
    std::vector<mp::Nat> k;
    std::vector<ec::AffinePoint> p;
    for (std::size_t i = 0; i < sizes.back(); ++i) {
      ec::Scalar x, y;
      for (auto& l : x.v) l = rng.next_u64();
      for (auto& l : y.v) l = rng.next_u64();
      k.push_back(ec::scalar_to_nat(ec::scalar_reduce(c, x)));
      p.push_back(ec::mul_base(c, ec::scalar_reduce(c, y)));  // generic points
    }
    std::vector<ec::MulRequest> requests;
    for (std::size_t i = 0; i < sizes.back(); ++i) requests.push_back({&k[i], &p[i]});
    for (std::size_t r : sizes) {
      multi_request_rows(c, ks.key_bits, std::span<const ec::MulRequest>(requests).first(r), opt.threads, budget, out);
    }
  }
}

}  // namespace

void suite_seeds(const Options& opt, std::vector<Record>& out) {
  modexp_000_t1(opt, out);
  curve_tables(opt, out);
  comba_001_t1(opt, out);
  hash_002_2(opt, out);
  gfp_signatures_002(opt, out);
  multi_request_004(opt, out);
}

}  // namespace dstu::cli::bench
