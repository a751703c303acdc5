// dstu bench seeds, source "004" ([Al-Otaibi 2019]): the multi-request methods of
// F. F. Al-Otaibi's thesis "Trade-off analysis for generic-point parallel elliptic curve
// scalar multiplication" re-measured on this machine, each row beside the thesis's
// (published.hpp):
//   004:T5.5 ... T5.16  r = 4 ... 64 requests k_i P_i by every method (sequential,
//           [10], [11], [12], one request per thread) on u = 1 and 2 threads (the
//           machine's team, at most 2), each record timing all r requests, and the
//           speed-ups over the sequential method; source: the thesis's u = 2 table
//   004:T5.x (u = 8)    the thesis's cost model in doublings (its Table 5.4, published
//           beside it where the table has the key size and r) and its speed-ups, at
//           u = 2 (in the u = 2 table's rows) and u = 8 (the u = 8 table's)
// on the thesis's own curves brainpoolP160r1, P192r1, P256r1 and P512r1 (its Tables
// 4.1-4.4; params.field "prime"), and, for a comparison with the binary-curve library,
// on the DSTU 4145 curves nearest its 160-, 192-, 256- and 512-bit keys (dstu163, 191,
// 257, 431; params.field "binary", measured rows only: the model is the same). Both run
// the same scheduling (dstu/curve/multi_request_schedule.hpp) with their own formulas.
#include <functional>
#include <memory>

#include "bench/bench.hpp"
#include "bench/published.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

namespace pub = published;
using curve::MultiRequestMethod;

/// The thesis's key sizes, its curve for each and the DSTU binary curve nearest it.
struct KeySize004 {
  int key_bits;
  const char* prime;
  const char* binary;
};
constexpr KeySize004 kKeySizes004[] = {{160, "brainpoolP160r1", "dstu163"},
                                       {192, "brainpoolP192r1", "dstu191"},
                                       {256, "brainpoolP256r1", "dstu257"},
                                       {512, "brainpoolP512r1", "dstu431"}};

/// The thesis's table of a key size and u ("004:T5.5" ... "004:T5.16").
std::string table_004(int key_bits, int u) {
  for (const std::string& t : pub::tables("004:T5.")) {
    if (pub::table_integer(t, "key_bits") == key_bits && pub::table_integer(t, "u") == u) return t;
  }
  throw_invalid("bench seeds: no table 004 for this key size");
}

/// The thesis's rows for r requests of this key size, one per u (2, 4 and 8).
Json published_004(int key_bits, std::size_t r) {
  Json j = {{"cpu", pub::cpu("004")}, {"unit", "not printed"}, {"key_bits", key_bits}, {"r", r}};
  for (int u : {2, 4, 8}) {
    const std::string t = table_004(key_bits, u);
    for (const pub::Row& x : pub::rows(t)) {
      if (x.integer("r") != static_cast<int>(r)) continue;
      Json row = {{"table", t.substr(std::string("004:T").size())}};
      for (const char* m : {"sequential", "postcomputation_10", "precomputation_11", "pipeline_12", "per_request"}) {
        row[m] = x.number(m);
      }
      j["u" + std::to_string(u)] = row;
    }
  }
  return j;
}

/// Table 5.4's doublings of this key size and r (u = 8), where the table has them.
void add_doublings_5_4(Json& published, int key_bits, std::size_t r) {
  for (const pub::Row& x : pub::rows("004:T5.4")) {
    if (x.integer("m") != key_bits || x.integer("r") != static_cast<int>(r)) continue;
    published["table_5_4_doublings"] = {{"postcomputation_10", x.number("postcomputation_10")},
                                        {"precomputation_11", x.number("precomputation_11")},
                                        {"pipeline_12", x.number("pipeline_12")},
                                        {"per_request", x.number("per_request")}};
  }
}

/// sequential / method, the speed-up of a row over the one-thread sequential method:
/// the ratio of the medians, with the method's params (its u) and published figures.
Record speedup_004(const std::string& name, const Record& sequential, const Record& method) {
  Json params = method.params;
  params["of"] = {sequential.name, method.name};
  Record r = ratio_record("seeds", name, std::move(params), sequential, method);
  r.published = method.published;
  return r;
}

/// The model's doublings of every method at u (multi_request_model_doublings) for the
/// thesis's key size, and the model's speed-ups over the sequential method.
void model_004(const Json& params, const Json& published, int key_bits, std::size_t r, int u,
               std::vector<Record>& out) {
  std::vector<Record> counts;
  for (MultiRequestMethod method : curve::kMultiRequestMethods) {
    const std::string name = curve::multi_request_method_name(method);
    Record d{"seeds", "model_doublings_" + name, params, u, "count"};
    d.params["u"] = u;
    d.params["method"] = name;
    const double x = curve::multi_request_model_doublings(method, static_cast<std::size_t>(key_bits), r,
                                                             static_cast<std::size_t>(u));
    set(d, {x, x, x});
    d.published = published;
    counts.push_back(d);
  }
  out.insert(out.end(), counts.begin(), counts.end());
  for (std::size_t i = 1; i < counts.size(); ++i) {
    const std::string name = curve::multi_request_method_name(curve::kMultiRequestMethods[i]);
    out.push_back(speedup_004("model_speedup_" + name, counts[0], counts[i]));
  }
}

/// One curve's requests, whatever its field: params (curve, field) and run(method, r, u),
/// which computes the first r requests by the method on u threads.
struct Curve004 {
  Json params;
  std::function<void(MultiRequestMethod, std::size_t, int)> run;
};

/// The scalars and points of `count` requests and the requests pointing at them.
template <class Point>
struct Requests004 {
  std::vector<mp::Nat> k;
  std::vector<Point> p;
  std::vector<curve::MulRequest<mp::Nat, Point>> req;
  void link() {
    for (std::size_t i = 0; i < k.size(); ++i) req.push_back({&k[i], &p[i]});
  }
};

/// Random scalars below n and generic points (y G, y random) on a binary curve.
Curve004 binary_curve(const char* name, std::size_t count) {
  const ec2m::Curve& c = ec2m::Curve::named(name);
  rng::ChaCha20Drbg rng(4, static_cast<std::uint64_t>(c.m()));
  auto data = std::make_shared<Requests004<ec2m::AffinePoint>>();
  for (std::size_t i = 0; i < count; ++i) {
    ec2m::Scalar x, y;
    for (auto& l : x.v) l = rng.next_u64();
    for (auto& l : y.v) l = rng.next_u64();
    data->k.push_back(ec2m::scalar_to_nat(c.scalar_field().reduce(x)));
    data->p.push_back(ec2m::mul_base(c, c.scalar_field().reduce(y)));
  }
  data->link();
  return {{{"curve", c.name()}, {"field", "binary"}}, [&c, data](MultiRequestMethod method, std::size_t r, int u) {
            keep(ec2m::mul_multi_request_vartime(c, method, std::span(data->req).first(r), u));
          }};
}

/// Random scalars below n and generic points (y G, y random) on a curve over GF(p).
Curve004 prime_curve(const char* name, std::size_t count) {
  const ecp::Curve& c = ecp::Curve::named(name);
  rng::ChaCha20Drbg rng(4, 1000 + static_cast<std::uint64_t>(c.order_bits()));
  auto data = std::make_shared<Requests004<ecp::AffinePoint>>();
  auto below_n = [&] {
    std::vector<std::uint8_t> b((c.order_bits() + 7) / 8 + 8);  // 64 bits more: the bias is negligible
    rng.fill(b);
    return mp::Nat::from_bytes_be(b) % c.order();
  };
  for (std::size_t i = 0; i < count; ++i) {
    data->k.push_back(below_n());
    data->p.push_back(ecp::mul_base(c, ecp::scalar_from_nat(below_n())));
  }
  data->link();
  return {{{"curve", c.name()}, {"field", "prime"}}, [&c, data](MultiRequestMethod method, std::size_t r, int u) {
            keep(ecp::mul_multi_request_vartime(c, method, std::span(data->req).first(r), u));
          }};
}

/// r requests on one curve, every method measured on u = 1 .. min(team, 2) threads, the
/// speed-ups over the sequential method, and (with_model) the model at u = 2 beside them
/// (source: the thesis's u = 2 table) and at u = 8 (its u = 8 table).
void multi_request_rows(const Curve004& curve, int key_bits, std::size_t r, int team, const Budget& budget,
                        bool with_model, std::vector<Record>& out) {
  const Json published = published_004(key_bits, r);
  Json params = {{"source", table_004(key_bits, 2)}};
  params.update(curve.params);
  params.update({{"key_bits_thesis", key_bits}, {"requests", r}});
  auto measure = [&](MultiRequestMethod method, const std::string& name, int u) {
    Json p = params;
    p.update({{"u", u}, {"method", curve::multi_request_method_name(method)}});
    Record rec = time_op("seeds", name, p, u, "ms", budget, [&] { curve.run(method, r, u); });
    rec.published = published;
    return rec;
  };
  const Record seq = measure(MultiRequestMethod::sequential, "sequential", 1);
  out.push_back(seq);
  for (int u = 1; u <= std::min(team, 2); ++u) {
    for (std::size_t i = 1; i < std::size(curve::kMultiRequestMethods); ++i) {
      const MultiRequestMethod method = curve::kMultiRequestMethods[i];
      const std::string name = std::string(curve::multi_request_method_name(method)) + "_u" + std::to_string(u);
      const Record m = measure(method, name, u);
      out.insert(out.end(), {m, speedup_004("speedup_" + name, seq, m)});
    }
  }
  if (!with_model) return;
  model_004(params, published, key_bits, r, 2, out);
  Json params8 = params;
  params8["source"] = table_004(key_bits, 8);
  Json published8 = published;
  add_doublings_5_4(published8, key_bits, r);
  model_004(params8, published8, key_bits, r, 8, out);
}

}  // namespace

std::vector<std::string> seeds_tables_004() {
  std::vector<std::string> tables;
  for (int u : {2, 8}) {
    for (const KeySize004& ks : kKeySizes004) tables.push_back(table_004(ks.key_bits, u));
  }
  return tables;
}

void seeds_multi_request_004(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 5, std::chrono::nanoseconds(1)};
  const std::vector<std::size_t> sizes = opt.quick ? std::vector<std::size_t>{4, 16}
                                                   : std::vector<std::size_t>{4, 8, 16, 32, 64};
  for (const KeySize004& ks : kKeySizes004) {
    for (bool prime : {true, false}) {
      const Curve004 curve = prime ? prime_curve(ks.prime, sizes.back()) : binary_curve(ks.binary, sizes.back());
      for (std::size_t r : sizes) multi_request_rows(curve, ks.key_bits, r, opt.threads, budget, prime, out);
    }
  }
}

}  // namespace dstu::cli::bench
