// CLI transcript of `dstu bench seeds`: every source table it re-measures is there, each
// row with params.source and the published figures of its source row (each one a figure
// of that row in data/published-figures.json, the CPU the table's or its document's), the figures
// positive and finite, and every derived row (r, S, V/S) the ratio of the medians of
// the two rows it names in params.of. That the data file's figures are the sources' is
// tools_published_figures' to check.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::run_dstu;
using nlohmann::json;

namespace {

/// Every number in a published object is finite and not negative (the source prints
/// 0 where its timer could not resolve a product), and at least one is positive.
bool figures_ok(const json& j, bool* positive) {
  if (j.is_number()) {
    const double x = j.get<double>();
    *positive |= x > 0;
    return std::isfinite(x) && x >= 0;
  }
  if (j.is_object() || j.is_array()) {
    for (const auto& v : j) {
      if (!figures_ok(v, positive)) return false;
    }
    return true;
  }
  return j.is_string();
}

/// The row of a table a record belongs to: its curve, operand size, modulus size or
/// cipher, and for 004 the number of requests after the curve ("\"dstu257\"/r16").
std::string row_key(const json& params) {
  const std::string requests = params.contains("requests") ? "/r" + params["requests"].dump() : "";
  for (const char* key : {"curve", "words32", "bits", "cipher"}) {
    if (params.contains(key)) return params[key].dump() + requests;
  }
  return "";
}

bool close(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::fabs(b); }

std::set<std::string> names(const std::map<std::string, json>& row) {
  std::set<std::string> s;
  for (const auto& [name, rec] : row) s.insert(name);
  return s;
}

using Tables = std::map<std::string, std::map<std::string, std::map<std::string, json>>>;

/// source -> row -> name -> record, checking each record on the way.
Tables read_tables(const json& results) {
  Tables tables;
  for (const auto& rec : results) {
    INFO(rec.dump());
    REQUIRE(rec["suite"] == "seeds");
    REQUIRE(rec["params"].contains("source"));
    REQUIRE(rec.contains("published"));
    REQUIRE(rec["published"].is_object());
    bool positive = false;
    CHECK(figures_ok(rec["published"], &positive));
    CHECK(positive);
    for (const char* key : {"min", "median", "max"}) {
      CHECK(std::isfinite(rec[key].get<double>()));
      CHECK(rec[key].get<double>() > 0);
    }
    CHECK(rec["min"].get<double>() <= rec["median"].get<double>());
    CHECK(rec["median"].get<double>() <= rec["max"].get<double>());
    const bool model = rec["name"].get<std::string>().rfind("model_", 0) == 0;  // 004's cost model, not timed
    if (rec["unit"] != "count" && !model) CHECK(rec["iterations"].get<long>() >= 1);
    auto& row = tables[rec["params"]["source"]][row_key(rec["params"])];
    CHECK(row.emplace(rec["name"].get<std::string>(), rec).second);  // no row twice
  }
  return tables;
}

/// A derived row is the ratio of the medians of the two rows of params.of, bounded by
/// their extreme ratios (dstu::stats::ratio).
void check_ratios(const Tables& tables) {
  int derived = 0;
  for (const auto& [source, rows] : tables) {
    for (const auto& [key, row] : rows) {
      for (const auto& [name, rec] : row) {
        if (!rec["params"].contains("of")) continue;
        const std::string where = source + " " + key + " " + name;  // INFO cannot capture bindings (clang)
        INFO(where);
        const std::string a = rec["params"]["of"][0], b = rec["params"]["of"][1];
        REQUIRE(row.count(a) == 1);
        REQUIRE(row.count(b) == 1);
        const json &num = row.at(a), &den = row.at(b);
        CHECK(rec["unit"] == "ratio");
        CHECK(num["unit"] == den["unit"]);
        CHECK(close(rec["median"], num["median"].get<double>() / den["median"].get<double>()));
        CHECK(close(rec["min"], num["min"].get<double>() / den["max"].get<double>()));
        CHECK(close(rec["max"], num["max"].get<double>() / den["min"].get<double>()));
        ++derived;
      }
    }
  }
  // 000: T1 S; T2 r, S; T3 V/S; T4 V/S and two S. 004: four key sizes, r = 4 and 16,
  // four methods' speed-ups on u = 1 and 2 on the Brainpool and the binary curve, and
  // the model's speed-ups at u = 2 and 8 (with the Brainpool rows only).
  CHECK(derived == 3 + 10 * 2 + 10 * 1 + 10 * 3 + 4 * 2 * 4 * 2 * 2 + 4 * 2 * 4 * 2);
}


/// The data file's figures of the row a record re-measures: the numbers of the rows of
/// its table(s) whose key is the record's (002 prints an x86 and an x64 table of each;
/// 001's row is a column, one per operand size; a 004 record carries the thesis's rows for
/// its key size and r, at u = 2, 4 and 8, and Table 5.4's).
std::multiset<double> data_figures(const json& data, const json& rec) {
  const json& p = rec["params"];
  const std::string source = p["source"];
  const bool t004 = source.rfind("004:", 0) == 0;
  json key;  // the first value of the row (000, 002), or (key bits, r) for 004; 001 has none
  if (source == "000:T1") key = p.at("bits");
  else if (source.rfind("000:", 0) == 0 || source == "002:#3") key = std::stoi(p.at("curve").get<std::string>().substr(4));
  else if (source == "002:#2") key = p.contains("hash") ? p.at("hash") : rec.at("name");  // HMAC, KMAC: their hash's row
  else if (source == "002:#1" || source == "002:#9") key = p.at("cipher");
  else if (source == "002:#6") key = p.at("bits");
  else if (t004) key = {p.at("key_bits_thesis"), p.at("requests")};
  else if (source != "001:T1") key = p.at("curve");
  std::multiset<double> out;
  for (const auto& [id, t] : data["tables"].items()) {
    if (id.rfind(t004 ? "004:" : source, 0) != 0) continue;
    const json& cols = t["columns"];
    for (const json& row : t["rows"]) {
      const bool by_table = t.contains("key_bits");  // 004's Tables 5.5-5.16; 5.4 keys rows by m and r
      const json row_key = !t004 ? row[0] : by_table ? json{t["key_bits"], row[0]} : json{row[0], row[1]};
      for (std::size_t i = 0; i < cols.size(); ++i) {
        const bool figure = source == "001:T1" ? cols[i] == "words32_" + p.at("words32").dump()
                                               : row_key == key && i >= (t004 && !by_table ? 2u : 1u);
        if (figure && row[i].is_number()) out.insert(row[i].get<double>());
      }
    }
  }
  return out;
}

/// The machine a source table ran on: the table's own (002's #9, on an iPhone), else its
/// document's.
json machine_of(const json& data, const std::string& source) {
  for (const auto& [id, t] : data["tables"].items()) {
    if (id.rfind(source, 0) == 0 && t.contains("cpu")) return t["cpu"];
  }
  return data["documents"][source.substr(0, 3)]["cpu"];
}

/// Every figure of every record's `published` is one of the data file's for its row, and
/// its CPU the table's: the binary carries data/published-figures.json as it stands.
void check_published(const json& results) {
  std::ifstream f(DSTU_PUBLISHED_FIGURES);
  REQUIRE(f);
  const json data = json::parse(f);
  std::size_t checked = 0;
  for (const json& rec : results) {
    const std::string where = rec["params"].dump() + " " + rec["name"].get<std::string>();
    INFO(where);
    const std::multiset<double> figures = data_figures(data, rec);
    const json cpu = machine_of(data, rec["params"]["source"].get<std::string>());
    std::function<void(const json&, const std::string&)> walk = [&](const json& j, const std::string& key) {
      if (j.is_object()) {
        for (const auto& [k, v] : j.items()) walk(v, k);
      } else if (key == "cpu") {
        CHECK(j == cpu);
      } else if (key == "table") {
        CHECK(data["tables"].contains("004:T" + j.get<std::string>()));
      } else if (j.is_number() && key != "key_bits" && key != "r") {
        CHECK(figures.count(j.get<double>()) >= 1);
        ++checked;
      }
    };
    walk(rec["published"], "");
  }
  CHECK(checked > 1000);
}

/// One `bench seeds --quick --json` run, shared by the test cases: on two threads, so the
/// parallel rows are measured on a one-core runner too.
const json& quick_run() {
  static const json j = [] {
    const auto r = run_dstu({"--threads", "2", "bench", "seeds", "--quick", "--json"});
    REQUIRE(r.status == 0);
    return json::parse(r.out);
  }();
  return j;
}

}  // namespace

TEST_CASE("bench seeds --quick --json: every table, each row beside its published figures") {
  const json& j = quick_run();
  REQUIRE(j["schema"] == "dstu-bench/1");
  const Tables tables = read_tables(j["results"]);
  CHECK(tables.size() == 12 + 8);  // 000:T1-T4, 001:T1, 002:#1-#6 and #9; 004's eight
  check_ratios(tables);

  {  // 000 Table 1: modular exponentiation at 1024, 2048 and 3072 bits
    const auto& t = tables.at("000:T1");
    CHECK(t.size() == 3);
    for (const char* bits : {"1024", "2048", "3072"}) {
      REQUIRE(t.count(bits) == 1);
      CHECK(names(t.at(bits)) == std::set<std::string>{"powmod_sequential", "powmod_parallel", "speedup"});
      const json& p = t.at(bits).at("speedup")["published"];
      for (const char* key : {"powmod_sequential_s", "powmod_parallel_s", "speedup", "cpu"}) CHECK(p.contains(key));
    }
  }

  const std::set<std::string> curves{"dstu163", "dstu167", "dstu173", "dstu179", "dstu191",
                                     "dstu233", "dstu257", "dstu307", "dstu367", "dstu431"};
  const auto curve_rows = [&](const std::string& source) {
    std::set<std::string> s;
    for (const auto& [key, row] : tables.at(source)) s.insert(json::parse(key).get<std::string>());
    return s;
  };

  {  // 000 Table 2: D, A, r, d, S and S in theory on all ten curves
    CHECK(curve_rows("000:T2") == curves);
    for (const auto& [key, row] : tables.at("000:T2")) {
      const std::string& curve_key = key;  // INFO cannot capture a binding (clang)
      INFO(curve_key);
      CHECK(names(row) == std::set<std::string>{"double", "add_mixed", "r_add_over_double", "comb_iterations", "comb",
                                                "comb_parallel", "speedup", "speedup_theoretical"});
      for (const char* k : {"double_us", "add_mixed_us", "r_add_over_double", "comb_iterations", "speedup"}) {
        CHECK(row.at("double")["published"].contains(k));
      }
      CHECK(row.at("double")["params"]["coordinates"] == "jacobian");
      // d = ceil(L(n) / 8) for window 8, and L(n) is within two bits of m.
      const int m = std::stoi(row.at("comb").at("params")["curve"].get<std::string>().substr(4));
      const double d = row.at("comb_iterations")["median"], rr = row.at("r_add_over_double")["median"];
      CHECK(d == std::ceil(d));
      CHECK(std::fabs(d - m / 8.0) <= 1);
      // S = d (1 + r) / (k r + d + r), k = (d r - 1 - r) / (1 + 2 r): 28d/(16d+9) at r = 3.
      const double k = (d * rr - 1 - rr) / (1 + 2 * rr);
      CHECK(close(row.at("speedup_theoretical")["median"], d * (1 + rr) / (k * rr + d + rr)));
    }
  }

  {  // 000 Tables 3 and 4: m = 163 ... 431, and no m = 571
    CHECK(curve_rows("000:T3") == curves);
    CHECK(curve_rows("000:T4") == curves);
    for (const auto& [key, row] : tables.at("000:T3")) {
      CHECK(names(row) == std::set<std::string>{"sign", "verify", "v_over_s"});
      for (const char* k : {"sign_ms", "verify_ms", "v_over_s"}) CHECK(row.at("sign")["published"].contains(k));
    }
    for (const auto& [key, row] : tables.at("000:T4")) {
      CHECK(names(row) == std::set<std::string>{"sign_sequential_comb", "sign_parallel", "verify_sequential_msm",
                                                "verify_parallel", "v_over_s", "speedup_sign", "speedup_verify"});
      CHECK(row.at("sign_parallel")["threads"] == 2);
      for (const char* k : {"sign_parallel_ms", "verify_parallel_ms", "v_over_s", "speedup_sign", "speedup_verify"}) {
        CHECK(row.at("sign_parallel")["published"].contains(k));
      }
    }
  }

  {  // 001 Table 1: Comba, 2x and Mx beside five CPUs
    const auto& t = tables.at("001:T1");
    CHECK(t.size() >= 4);
    CHECK(t.count("3") == 1);
    CHECK(t.count("384") == 1);
    for (const auto& [key, row] : t) {
      CHECK(names(row) == std::set<std::string>{"mul_comba", "mul_comba_2x", "mul_comba_mx"});
      CHECK(row.at("mul_comba_mx")["published"]["ms_per_million_products"].size() == 5);
    }
  }

  {  // 002: the per-curve table and the hash table
    CHECK(curve_rows("002:#3") == curves);
    for (const auto& [key, row] : tables.at("002:#3")) {
      CHECK(names(row) == std::set<std::string>{"keygen", "presignature", "sign", "verify"});
      CHECK(row.at("keygen")["published"].contains("x86_ms"));
      CHECK(row.at("keygen")["published"].contains("x64_ms"));
      // The same measurement as 000 Table 3's signing row.
      CHECK(row.at("sign")["median"] == tables.at("000:T3").at(key).at("sign")["median"]);
    }
    // #2: every hash of the slides, HMAC over each, KMAC over Kupyna.
    const auto& h = tables.at("002:#2").at("");
    std::set<std::string> hash_rows;
    for (const char* hash : {"gost34311", "kupyna256", "kupyna384", "kupyna512", "sha1", "sha224", "sha256", "sha384",
                             "sha512", "sha512-224", "sha512-256"}) {
      hash_rows.insert({hash, std::string("hmac-") + hash});
    }
    for (const char* k : {"kmac-kupyna256", "kmac-kupyna384", "kmac-kupyna512"}) hash_rows.insert(k);
    CHECK(names(h) == hash_rows);
    for (const auto& [name, rec] : h) {
      const std::string& row_name = name;  // INFO cannot capture a binding (clang)
      INFO(row_name);
      CHECK(rec["unit"] == "MB/s");
      CHECK(rec["params"]["bytes"] == 16384);
      if (rec["params"].contains("mac")) {  // one figure a build, flat
        CHECK(rec["published"].contains("x86_mb_s"));
        CHECK(rec["published"].contains("x64_mb_s"));
      } else {
        CHECK(rec["published"]["x86"].contains("hash_mb_s"));
        CHECK(rec["published"]["x64"].contains("hash_mb_s"));
      }
    }
  }

  {  // 002 #6: RSA at 512, 1024 and 2048 bits (--quick); 512 is never generated
    const auto& t = tables.at("002:#6");
    CHECK(t.size() == 3);
    CHECK(names(t.at("512")) == std::set<std::string>{"sign", "verify"});
    for (const char* bits : {"1024", "2048"}) {
      INFO(bits);
      CHECK(names(t.at(bits)) == std::set<std::string>{"keygen", "sign", "verify"});
      CHECK(t.at(bits).at("keygen")["published"].contains("x64_ms"));
      CHECK_FALSE(t.at(bits).at("keygen")["published"].contains("x86_ms"));  // the slides print none
      CHECK(t.at(bits).at("sign")["published"].contains("x86_ms"));
      CHECK(t.at(bits).at("sign")["unit"] == "ms");
    }
  }

  {  // 002 #1: each cipher in the modes the slides print a figure for, encryption
    const std::set<std::string> ciphers{"gost28147", "aes128", "aes192", "aes256", "des", "tdes", "kalyna128-128",
                                        "kalyna128-256", "kalyna256-256", "kalyna256-512", "kalyna512-512"};
    std::set<std::string> seen;
    for (const auto& [key, row] : tables.at("002:#1")) {
      const std::string cipher = json::parse(key).get<std::string>();
      INFO(cipher);
      seen.insert(cipher);
      std::set<std::string> want{"ecb_encrypt", "ctr", "cfb_encrypt", "ofb", "cbc_encrypt", "mac"};
      if (cipher == "gost28147") want.insert("kw");
      if (cipher.rfind("kalyna", 0) == 0) want.insert({"kw", "kwp", "xts_encrypt", "gcm_encrypt", "ccm_encrypt"});
      CHECK(names(row) == want);
      for (const auto& [name, rec] : row) {
        CHECK(rec["unit"] == "MB/s");
        CHECK(rec["published"].contains("x86_mb_s"));
        CHECK(rec["published"].contains("x64_mb_s"));
        CHECK(rec["params"].contains("column"));
      }
      CHECK(row.at("ecb_encrypt")["params"]["bytes"] == 16384);
      if (cipher == "gost28147") CHECK(row.at("kw")["params"]["bytes"] == 32);
    }
    CHECK(seen == ciphers);
  }

  {  // 002 #9: CTR of one block, both directions, beside the iPhone's figures
    CHECK(curve_rows("002:#9") == std::set<std::string>{"gost28147", "aes256", "kalyna256-256"});
    for (const auto& [key, row] : tables.at("002:#9")) {
      CHECK(names(row) == std::set<std::string>{"encrypt", "decrypt"});
      CHECK(row.at("encrypt")["unit"] == "us");
      CHECK(row.at("encrypt")["published"].contains("encrypt_ms"));
      CHECK(row.at("decrypt")["published"]["cpu"].get<std::string>().find("iPhone") != std::string::npos);
    }
  }

  {  // 002 #4 (ECDSA on NIST P) and #5 (ECGDSA on Brainpool): keygen, sign, verify
    CHECK(curve_rows("002:#4") == std::set<std::string>{"P-192", "P-224", "P-256", "P-384", "P-521", "B-163", "B-233",
                                                         "B-283", "B-409", "B-571"});
    CHECK(curve_rows("002:#5").size() == 12);
    CHECK(curve_rows("002:#5").count("B-571") == 1);
    CHECK(curve_rows("002:#5").count("brainpoolP512r1") == 1);
    for (const char* source : {"002:#4", "002:#5"}) {
      const std::string scheme = std::string(source) == "002:#4" ? "ecdsa" : "ecgdsa";
      for (const auto& [key, row] : tables.at(source)) {
        CHECK(names(row) == std::set<std::string>{scheme + "_keygen", scheme + "_sign", scheme + "_verify"});
        CHECK(row.at(scheme + "_sign")["params"]["scheme"] == scheme);
        CHECK(row.at(scheme + "_verify")["published"].contains("x64_ms"));
      }
    }
  }

  check_published(j["results"]);
}

TEST_CASE("bench seeds --quick --json: 004, the thesis's multi-request methods and its cost model") {
  const Tables tables = read_tables(quick_run()["results"]);
  const std::set<std::string> methods{"postcomputation_10", "precomputation_11", "pipeline_12", "per_request"};
  std::set<std::string> measured{"sequential"}, model;
  for (const std::string& m : methods) {
    for (const char* u : {"_u1", "_u2"}) measured.insert({m + u, "speedup_" + m + u});
    model.insert({"model_doublings_" + m, "model_speedup_" + m});
  }
  model.insert("model_doublings_sequential");
  std::set<std::string> measured_and_model = measured;
  measured_and_model.insert(model.begin(), model.end());
  // The thesis's key sizes, its Brainpool curve and the binary curve nearest it, its
  // u = 2 and u = 8 tables.
  const struct {
    int key_bits;
    const char *prime, *binary, *u2, *u8;
  } sizes[] = {{160, "brainpoolP160r1", "dstu163", "004:T5.5", "004:T5.7"},
               {192, "brainpoolP192r1", "dstu191", "004:T5.8", "004:T5.10"},
               {256, "brainpoolP256r1", "dstu257", "004:T5.11", "004:T5.13"},
               {512, "brainpoolP512r1", "dstu431", "004:T5.14", "004:T5.16"}};
  int checked_5_4 = 0;
  for (const auto& k : sizes) {
    INFO(k.prime);
    REQUIRE(tables.count(k.u2) == 1);
    REQUIRE(tables.count(k.u8) == 1);
    CHECK(tables.at(k.u2).size() == 4);  // two curves, r = 4 and 16
    CHECK(tables.at(k.u8).size() == 2);  // the model at u = 8: the Brainpool curve only
    for (const char* requests : {"/r4", "/r16"}) {
      for (const char* curve_name : {k.prime, k.binary}) {
        const bool prime = curve_name == k.prime;
        const auto& row = tables.at(k.u2).at(json(curve_name).dump() + requests);
        CHECK(names(row) == (prime ? measured_and_model : measured));
        const json& p = row.at("per_request_u2")["published"];
        CHECK(p["key_bits"] == k.key_bits);
        for (const char* u : {"u2", "u4", "u8"}) CHECK(p[u].size() == 6);  // its table and five methods
        const json& params = row.at("per_request_u2")["params"];
        CHECK(row.at("per_request_u2")["threads"] == 2);
        CHECK(params["key_bits_thesis"] == k.key_bits);
        CHECK(params["field"] == (prime ? "prime" : "binary"));
        CHECK(params["method"] == "per_request");
        CHECK(params["u"] == 2);
      }
      const std::string curve = json(k.prime).dump();
      CHECK(tables.at(k.u2).at(curve + requests).at("model_doublings_per_request")["params"]["u"] == 2);
      const auto& row8 = tables.at(k.u8).at(curve + requests);
      CHECK(names(row8) == model);
      CHECK(row8.at("model_doublings_sequential")["params"]["u"] == 8);
      // Where Table 5.4 has this key size and r (160 and 256 bits, r = 16), the model
      // rows are its figures.
      const json& p8 = row8.at("model_doublings_per_request")["published"];
      if (!p8.contains("table_5_4_doublings")) continue;
      for (const std::string& m : methods) {
        CHECK(row8.at("model_doublings_" + m)["median"] == p8["table_5_4_doublings"][m]);
        ++checked_5_4;
      }
    }
  }
  CHECK(checked_5_4 == 2 * 4);
}

TEST_CASE("bench seeds --quick prints each row beside its published figures") {
  // One table (the suite's cheapest): the JSON run above has measured them all.
  const auto r = run_dstu({"--threads", "2", "bench", "seeds", "--quick", "--table", "002:#9"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("source=002:#9") != std::string::npos);
  CHECK(r.out.find("published {") != std::string::npos);
}

TEST_CASE("bench seeds --table runs the tables and sources named, and refuses others") {
  std::set<std::string> every;
  for (const auto& rec : quick_run()["results"]) every.insert(rec["params"]["source"].get<std::string>());

  const auto r = run_dstu(
      {"--threads", "2", "bench", "seeds", "--quick", "--json", "--table", "001,002:#9", "--table", "000:T1"});
  REQUIRE(r.status == 0);
  const json picked = json::parse(r.out);
  std::set<std::string> sources;
  for (const auto& rec : picked["results"]) sources.insert(rec["params"]["source"].get<std::string>());
  CHECK(sources == std::set<std::string>{"000:T1", "001:T1", "002:#9"});

  // The refusal lists the tables --table knows: exactly those the full run above filled,
  // so the suite's parts list no table they do not fill and fill none they do not list.
  const auto bad = run_dstu({"bench", "seeds", "--quick", "--table", "000:T9"});
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("no table '000:T9'") != std::string::npos);
  CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
  const std::size_t from = bad.err.find("(tables: "), to = bad.err.find(';', from);
  REQUIRE(to != std::string::npos);
  std::istringstream listed(bad.err.substr(from + 9, to - from - 9));
  std::set<std::string> known;
  for (std::string t; listed >> t;) known.insert(t);
  CHECK(known == every);
  for (const char* selector : {"", "000:", "00", "002:#7"}) {
    INFO(selector);
    CHECK(run_dstu({"bench", "seeds", "--quick", "--table", selector}).status == 2);
  }
  // A table whose rows are all parallel would give none on one thread: refused before
  // anything is measured, not an empty success.
  const auto lone = run_dstu({"--threads", "1", "bench", "seeds", "--quick", "--table", "000:T4"});
  CHECK(lone.status == 2);
  CHECK(lone.out.empty());
  CHECK(lone.err.find("table '000:T4' has only parallel rows") != std::string::npos);
  CHECK(lone.err.find("--threads 2") != std::string::npos);
  CHECK(std::count(lone.err.begin(), lone.err.end(), '\n') == 1);
  const auto other = run_dstu({"bench", "mp", "--quick", "--table", "000"});
  CHECK(other.status == 2);
  CHECK(other.err.find("--table goes with the seeds suite") != std::string::npos);
}
