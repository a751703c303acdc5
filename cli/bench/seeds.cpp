// dstu bench seeds: the tables of the source documents re-measured on this machine, each
// row beside the figures the source prints (data/published-figures.json, read through
// published.hpp). params.source numbers the documents as docs/references.md does: 000
// [Parallel DSTU 4145], 001 [Parallel Comba], 002 [Crypto Library Slides], 004
// [Al-Otaibi 2019]:
//   000:T1  modular exponentiation, sequential and by exponent portions, 1024..3072 bits
//   000:T2  D, A, r = A / D (Jacobian-type), comb iterations d, speed-up S of the split
//           comb, and S in theory from the measured r and d
//   000:T3  sign and verify on one thread, V / S              (m = 163 ... 431; the
//   000:T4  the split comb and the two scalar multiplications  source's m = 571 has no
//           of verification on two threads, V / S, speed-ups    curve here yet)
//   001:T1  Modified Comba, Comba 2x and Comba Mx, 3 ... 384 32-bit words
//   002:#1  block ciphers by mode, MB/s over 16 KiB messages (seeds_002.cpp)
//   002:#2  hash, HMAC and KMAC throughput over 16 KiB messages (seeds_002.cpp)
//   002:#3  public key, presignature, sign, verify per curve
//   002:#4  ECDSA keygen, sign, verify on NIST P-192 ... P-521
//   002:#5  ECGDSA keygen, sign, verify on brainpoolP160r1 ... P512r1
//   002:#6  RSA keygen, sign, verify at 512 ... 16384 bits (seeds_002.cpp)
//   002:#9  CTR of one block, key schedule included (seeds_002.cpp; the source's ran on
//           an iPhone 4S)
//   004:T5.5 ... T5.16  r requests k_i P_i by the multi-request methods of Al-Otaibi's
//           thesis (sequential, [10], [11], [12], one request per thread) on u = 1, 2
//           threads, speed-ups over the sequential method, and the thesis's cost model
//           in doublings at u = 2 and 8 (Table 5.4), on its Brainpool curves and on the
//           binary curves nearest its 160-, 192-, 256- and 512-bit keys (seeds_004.cpp)
// Every record has params.source and `published`, the source's figures for its row (002
// prints an x86 and an x64 table of each; `published` holds both). The measurements are
// the suites' own (measure_* beside each suite); a row the source derives (r, S, V/S) is
// the ratio of the medians of two rows of the same table, named in params.of.
#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench/bench.hpp"
#include "bench/published.hpp"
#include "bench/seeds.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

namespace pub = published;

using seeds::builds_002;
using seeds::find_row;
using seeds::row;

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

/// [Parallel DSTU 4145] §4: d comb iterations cost d (D + A) = d D (1 + r) on one core.
/// Split with the balanced high portion k = (d r - 1 - r) / (1 + 2 r) (before the source
/// rounds it up for the implementation), the slower part costs D (k r + d + r), so
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

Budget op_budget(const Options& opt) { return {opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)}; }

void modexp_000_t1(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::nanoseconds(1)};
  for (const pub::Row& p : pub::rows("000:T1")) {
    const Json published = {{"cpu", pub::cpu("000")},
                            {"powmod_sequential_s", p.number("sequential_s")},
                            {"powmod_parallel_s", p.number("parallel_s")},
                            {"speedup", p.number("speedup")}};
    const std::vector<Record> m = measure_modexp(static_cast<std::size_t>(p.integer("bits")), opt.threads, budget);
    const Record seq = row(m, "powmod_sequential", "powmod_sequential", "000:T1", published);
    const Record par = row(m, "powmod_parallel", "powmod_parallel", "000:T1", published);
    out.insert(out.end(), {seq, par, derived("speedup", seq, par)});
  }
}

void formulas_000_t2(const ec2m::Curve& c, const std::vector<Record>& sig, const Budget& budget,
                     std::vector<Record>& out) {
  const std::optional<pub::Row> p = find_row("000:T2", "m", c.m());
  if (!p) return;
  const Json published = {{"cpu", pub::cpu("000")},
                          {"double_us", p->number("double_us")},
                          {"add_mixed_us", p->number("add_mixed_us")},
                          {"r_add_over_double", p->number("r_add_over_double")},
                          {"comb_iterations", p->integer("comb_iterations")},
                          {"speedup", p->number("speedup")}};
  // D and A in Jacobian-type coordinates, as the source's table; the library's comb runs
  // in López–Dahab coordinates, where r is lower (suite ec measures both).
  const std::vector<Record> f = measure_formulas(c, ec2m::Coordinates::jacobian, budget);
  const Record dbl = row(f, "double", "double", "000:T2", published);
  const Record add = row(f, "add_mixed", "add_mixed", "000:T2", published);
  const Record r = derived("r_add_over_double", add, dbl);
  Record d{"seeds", "comb_iterations", {{"source", "000:T2"}, {"curve", c.name()}, {"window", ec2m::kCombWindow}}, 1,
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

void signatures_000_t3(const ec2m::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const std::optional<pub::Row> p = find_row("000:T3", "m", c.m());
  if (!p) return;
  const Json published = {{"cpu", pub::cpu("000")},
                          {"sign_ms", p->number("sign_ms")},
                          {"verify_ms", p->number("verify_ms")},
                          {"v_over_s", p->number("v_over_s")}};
  const Record s = row(sig, "sign", "sign", "000:T3", published);
  const Record v = row(sig, "verify", "verify", "000:T3", published);
  out.insert(out.end(), {s, v, derived("v_over_s", v, s)});
}

void signatures_000_t4(const ec2m::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const std::optional<pub::Row> p = find_row("000:T4", "m", c.m());
  if (!p || find(sig, "presignature_parallel") == nullptr) return;
  Json published = {{"cpu", pub::cpu("000")}};
  for (const char* k : {"sign_parallel_ms", "verify_parallel_ms", "v_over_s", "speedup_sign", "speedup_verify"}) {
    published[k] = p->number(k);
  }
  const Record s1 = row(sig, "presignature_sequential_comb", "sign_sequential_comb", "000:T4", published);
  const Record s2 = row(sig, "presignature_parallel", "sign_parallel", "000:T4", published);
  const Record v1 = row(sig, "verify_sequential_msm", "verify_sequential_msm", "000:T4", published);
  const Record v2 = row(sig, "verify_parallel", "verify_parallel", "000:T4", published);
  out.insert(out.end(), {s1, s2, v1, v2, derived("v_over_s", v2, s2), derived("speedup_sign", s1, s2),
                         derived("speedup_verify", v1, v2)});
}

/// The verification row is the whole verification on one thread (000:T3's); the
/// source's ran its two scalar multiplications on two threads, as 000:T4's rows do.
void signatures_002_3(const ec2m::Curve& c, const std::vector<Record>& sig, std::vector<Record>& out) {
  const auto p = builds_002("002:#3", "m", c.m());
  if (!p) return;
  for (const std::string name : {"keygen", "presignature", "sign", "verify"}) {
    const Json published = {
        {"cpu", pub::cpu("002")}, {"x86_ms", p->first.number(name + "_ms")}, {"x64_ms", p->second.number(name + "_ms")}};
    out.push_back(row(sig, name, name, "002:#3", published));
  }
}

/// 000 Tables 2-4 and 002's #3: one pass over the curves, the rows kept by table.
void curve_tables(const Options& opt, std::vector<Record>& out) {
  const Budget budget = op_budget(opt);
  std::vector<Record> t2, t3, t4, p3;
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
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
  auto table = [&](const std::string& source, const char* scheme) {
    for (const pub::Row& x86 : pub::rows(source + "/x86")) {
      const std::string curve = x86.text("curve");
      const auto p = builds_002(source, "curve", curve);
      if (!p) throw_invalid("bench seeds: " + source + "/x64 has no " + curve);
      const std::vector<Record> m = measure_gfp_signature(curve, scheme, budget);
      for (const std::string name : {"keygen", "sign", "verify"}) {
        const Json published = {{"cpu", pub::cpu("002")},
                                {"x86_ms", p->first.number(name + "_ms")},
                                {"x64_ms", p->second.number(name + "_ms")}};
        out.push_back(row(m, name, std::string(scheme) + "_" + name, source.c_str(), published));
      }
    }
  };
  table("002:#4", "ecdsa");
  table("002:#5", "ecgdsa");
}

void comba_001_t1(const Options& opt, std::vector<Record>& out) {
  const Budget budget = op_budget(opt);
  const std::vector<std::size_t> quick{3, 32, 128, 384};
  const std::vector<pub::Row> cpus = pub::rows("001:T1");  // one row per CPU and algorithm
  for (const std::string& column : pub::columns("001:T1", "words32_")) {
    const std::size_t words = std::stoul(column.substr(std::string("words32_").size()));
    if (opt.quick && std::find(quick.begin(), quick.end(), words) == quick.end()) continue;
    const std::vector<Record> m = measure_comba(words, opt.threads, budget);
    for (const char* algorithm : {"comba", "comba_2x", "comba_mx"}) {
      Json by_cpu = Json::object();
      for (const pub::Row& cpu : cpus) {
        if (cpu.text("algorithm") == algorithm) by_cpu[cpu.text("cpu")] = cpu.number(column);
      }
      const std::string name = std::string("mul_") + algorithm;
      out.push_back(row(m, name, name, "001:T1", {{"ms_per_million_products", by_cpu}}));
    }
  }
}

}  // namespace

Record seeds::row(const Record& measured, const std::string& name, const char* source, const Json& published) {
  Record r = measured;
  r.suite = "seeds";
  r.name = name;
  r.params = {{"source", source}};
  r.params.update(measured.params);
  r.published = published;
  return r;
}

namespace {

/// A part of the suite, the tables its records fill (params.source), and those of them
/// whose rows all run on two threads (none on a team of one).
struct Part {
  std::vector<std::string> tables;
  void (*run)(const Options&, std::vector<Record>&);
  std::vector<std::string> parallel_only = {};
};

std::vector<Part> parts() {
  return {{{"000:T1"}, modexp_000_t1},
          {{"000:T2", "000:T3", "000:T4", "002:#3"}, curve_tables, {"000:T4"}},
          {{"001:T1"}, comba_001_t1},
          {{"002:#1"}, seeds_ciphers_002},  // seeds_002.cpp
          {{"002:#2"}, seeds_hashes_002},
          {{"002:#4", "002:#5"}, gfp_signatures_002},
          {{"002:#6"}, seeds_rsa_002},
          {{"002:#9"}, seeds_ctr_002},
          {seeds_tables_004(), seeds_multi_request_004}};  // seeds_004.cpp
}

/// Whether `selector` (a table, "000:T4", or a source, "000") takes `table`.
bool selects(const std::string& selector, const std::string& table) {
  return selector == table || (selector.find(':') == std::string::npos && table.rfind(selector + ":", 0) == 0);
}

bool selected(const std::vector<std::string>& selectors, const std::string& table) {
  return selectors.empty() ||
         std::any_of(selectors.begin(), selectors.end(), [&](const std::string& s) { return selects(s, table); });
}

/// Every table the suite fills, in the order of the published figures' file ("000:T1"
/// ... "004:T5.16"); a table printed for two builds ("002:#3/x86", "/x64") once.
std::vector<std::string> seeds_tables() {
  std::set<std::string> filled;
  for (const Part& p : parts()) filled.insert(p.tables.begin(), p.tables.end());
  std::vector<std::string> all;
  for (const std::string& id : published::tables("")) {
    const std::string table = id.substr(0, id.find('/'));
    if (filled.count(table) && std::find(all.begin(), all.end(), table) == all.end()) all.push_back(table);
  }
  // Every table a part fills has published figures to stand beside.
  if (all.size() != filled.size()) throw std::logic_error("bench seeds: a part fills a table with no published figures");
  return all;
}

/// Whether every table `selector` takes has only parallel rows.
bool parallel_only(const std::string& selector) {
  bool any = false;
  for (const Part& p : parts()) {
    for (const std::string& t : p.tables) {
      if (!selects(selector, t)) continue;
      if (std::find(p.parallel_only.begin(), p.parallel_only.end(), t) == p.parallel_only.end()) return false;
      any = true;
    }
  }
  return any;
}

}  // namespace

void check_seeds_tables(const std::vector<std::string>& selectors, int threads) {
  const std::vector<std::string> all = seeds_tables();
  for (const std::string& s : selectors) {
    if (std::none_of(all.begin(), all.end(), [&](const std::string& t) { return selects(s, t); })) {
      std::string tables, sources;
      std::set<std::string> seen;
      for (const std::string& t : all) {
        tables += (tables.empty() ? "" : " ") + t;
        const std::string source = t.substr(0, t.find(':'));
        if (seen.insert(source).second) sources += (sources.empty() ? "" : ", ") + source;
      }
      throw_invalid("bench seeds: no table '" + s + "' (tables: " + tables + "; or a source: " + sources + ")");
    }
    if (threads < 2 && parallel_only(s)) {
      throw_invalid("bench seeds: table '" + s + "' has only parallel rows, which need two threads (--threads 2)");
    }
  }
}

void suite_seeds(const Options& opt, std::vector<Record>& out) {
  const std::size_t first = out.size();
  for (const Part& part : parts()) {
    if (std::none_of(part.tables.begin(), part.tables.end(),
                     [&](const std::string& t) { return selected(opt.seeds_tables, t); })) {
      continue;
    }
    std::vector<Record> rows;
    part.run(opt, rows);
    for (Record& r : rows) {
      const std::string source = r.params.at("source").get<std::string>();
      // The parts' lists decide what --table runs: a row outside its part's list is a bug.
      if (std::find(part.tables.begin(), part.tables.end(), source) == part.tables.end()) {
        throw std::logic_error("bench seeds: a row of " + source + " from a part that does not list it");
      }
      if (selected(opt.seeds_tables, source)) out.push_back(std::move(r));
    }
  }
  // A table asked for that gave nothing, though check_seeds_tables let it through: a
  // part's parallel_only list is out of date.
  for (const std::string& s : opt.seeds_tables) {
    if (std::none_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                     [&](const Record& r) { return selects(s, r.params.at("source").get<std::string>()); })) {
      throw std::logic_error("bench seeds: table '" + s + "' gave no rows");
    }
  }
}

}  // namespace dstu::cli::bench
