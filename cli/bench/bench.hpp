// dstu bench: the measurement harness and the record format (schema dstu-bench/1).
//
// A suite measures library calls and appends Records; the harness times them, and
// report() prints either a readable table or the JSON document
//   {"schema":"dstu-bench/1","context":{...},"results":[{suite,name,params,threads,
//    unit,min,median,max,iterations[,published]}]}.
// Timing is wall-clock (steady_clock) over repeated samples; each sample runs the
// operation enough times to last about a millisecond. min/median/max and derived
// ratios follow the one rule of dstu::stats (dstu/base/stats.hpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/base/stats.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/formulas.hpp"
#include "dstu/hash/mac.hpp"
#include "output.hpp"

namespace dstu::cli::bench {

struct Record {
  std::string suite;
  std::string name;
  Json params = Json::object();
  int threads = 1;
  std::string unit;  ///< "ns", "us", "ms" (time per operation) or "MB/s"
  double min = 0, median = 0, max = 0;
  std::uint64_t iterations = 0;  ///< operations timed in all
  Json published = Json::object();  ///< the source's figures for this row (suite seeds); omitted when empty
};

/// A record's figures as a summary, and back.
stats::Summary summary(const Record& r);
void set(Record& r, const stats::Summary& s);

struct Options {
  bool quick = false;  ///< CI mode: fewer samples and sizes
  int threads = 1;     ///< the team size
  std::vector<std::size_t> rsa_bits{2048, 3072, 4096};  ///< modulus sizes of suite rsa
  /// Suite seeds' tables to run: a table ("000:T4") or a whole source ("002"); empty: all.
  /// The command checks them (check_seeds_tables) before any suite runs.
  std::vector<std::string> seeds_tables;
};

/// Keeps the optimiser from discarding a computed value.
template <class T>
inline void keep(const T& value) {
  __asm__ volatile("" : : "g"(&value) : "memory");
}

/// How long to measure one record: samples and the minimum time per sample.
struct Budget {
  int samples = 11;
  std::chrono::nanoseconds sample_time = std::chrono::milliseconds(2);
};

/// Times op() (one operation per call): warms up, picks a batch size so a sample lasts
/// about budget.sample_time, takes budget.samples samples, and returns min/median/max
/// of the time per operation in `unit`.
Record time_op(std::string suite, std::string name, Json params, int threads, const std::string& unit,
               const Budget& budget, const std::function<void()>& op);

/// Throughput of op() that processes `bytes` per call, in MB/s (10^6 bytes per second).
Record throughput(std::string suite, std::string name, Json params, int threads, std::size_t bytes,
                  const Budget& budget, const std::function<void()>& op);

/// The derived record a / b (suite, name and params given): the ratio of the medians,
/// bounded as dstu::stats::ratio says, unit "ratio", on the larger thread count of the
/// two, with the operations of both. a and b must be in the same unit.
inline Record ratio_record(std::string suite, std::string name, Json params, const Record& a, const Record& b) {
  if (a.unit != b.unit) throw_invalid("bench: a ratio of " + a.unit + " over " + b.unit);
  Record r{std::move(suite), std::move(name), std::move(params), std::max(a.threads, b.threads), "ratio"};
  set(r, stats::ratio(summary(a), summary(b)));
  r.iterations = a.iterations + b.iterations;
  return r;
}

/// The first record called `name`, or nullptr.
inline const Record* find(const std::vector<Record>& records, const std::string& name) {
  for (const Record& r : records) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

// ---- Measurements shared by a suite and `seeds`, each defined beside its suite ----

/// [Parallel Comba] Table 1 at one size (suite_mp.cpp): mul_comba, mul_comba_2x and
/// mul_comba_mx on `threads`, of two random operands of words32 32-bit words, ns per product.
std::vector<Record> measure_comba(std::size_t words32, int threads, const Budget& budget);

/// [Parallel DSTU 4145] Table 1 at one size (suite_mp.cpp): powmod_sequential and
/// powmod_parallel on `threads`, of a random base, exponent and odd modulus of `bits` bits, ms.
std::vector<Record> measure_modexp(std::size_t bits, int threads, const Budget& budget);

/// The number d of comb columns (iterations) of the window-8 comb: ceil(L(n) / 8).
std::size_t comb_iterations(const ec2m::Curve& c);

/// [Parallel DSTU 4145] Table 2 for one curve and coordinate system (suite_ec.cpp): double
/// and add_mixed (ns per formula) and r_add_over_double = A / D.
std::vector<Record> measure_formulas(const ec2m::Curve& c, ec2m::Coordinates coords, const Budget& budget);

/// One curve's signature operations (suite_sign.cpp), us: keygen, presignature (nonce
/// and eG), sign and verify on one thread; with threads >= 2 also the split comb
/// (presignature_parallel) and the two scalar multiplications of verification on two
/// threads (verify_parallel), each after its sequential twin on the same inputs
/// (presignature_sequential_comb, verify_sequential_msm).
std::vector<Record> measure_signature(const ec2m::Curve& c, int threads, const Budget& budget);

/// One GF(p) curve's signature operations in one scheme ("ecdsa" or "ecgdsa";
/// suite_ecdsa.cpp), us, one thread: keygen (d and its public key), sign (hedged RFC 6979
/// nonce, the hash matching n) and verify.
std::vector<Record> measure_gfp_signature(const std::string& curve, const std::string& scheme, const Budget& budget);
/// RSA at `bits` on one thread: key generation over `keys` keys (ms; none below 1024 bits,
/// which are never generated: that key is made from two primes), PKCS#1 v1.5 signing and
/// verification with SHA-256 (ms).
std::vector<Record> measure_rsa(std::size_t bits, int keys, const Budget& budget);

/// Single-core throughput of hash::make_hasher(name) (suite_hash.cpp), MB/s: each call
/// hashes one message of message_bytes (a multiple of buffer.size()) fed from buffer.
Record measure_hash(const std::string& name, std::span<const std::uint8_t> buffer, std::size_t message_bytes,
                    const Budget& budget);

/// The same for hash::make_mac_hasher(mac, hash_name, a random key of the length the MAC
/// takes, 32 octets for HMAC): the record "hmac-HASH" or "kmac-HASH", params mac and hash.
Record measure_mac(hash::Mac mac, const std::string& hash_name, std::span<const std::uint8_t> buffer,
                   std::size_t message_bytes, const Budget& budget);

/// The modes `bench cipher` measures for a registry cipher (suite_cipher.cpp): ecb_encrypt,
/// ecb_decrypt, cbc_encrypt, cbc_decrypt, cfb_encrypt, cfb_decrypt, ofb, ctr, mac, and
/// those of its family: gcm_encrypt, gcm_decrypt, gmac, kw, kwp (AES; Kalyna also
/// ccm_encrypt, xts_encrypt, xts_decrypt), kw (GOST 28147-89: one 32-octet key).
std::vector<std::string> cipher_modes(const std::string& cipher);

/// Single-core throughput of `mode` (cipher_modes, or ecb_encrypt_parallel,
/// cbc_decrypt_parallel, cfb_decrypt_parallel, ctr_parallel on `threads`) of the registry
/// cipher `cipher` over a message of `bytes` octets (kwp one less; GOST's kw 32), MB/s;
/// the family's own form of a mode where it has one (AES's fused CTR and CBC, Kalyna's
/// CTR and CFB, GOST's gamma and CFB).
Record measure_cipher(const std::string& cipher, const std::string& mode, std::size_t bytes, int threads,
                      const Budget& budget);

/// The machine and build the numbers were taken on.
Json context(const Options& opt);

/// Prints the records as JSON (schema dstu-bench/1) or as a table.
void report(const std::vector<Record>& records, const Options& opt, bool json);

/// A suite: appends its records.
using Suite = void (*)(const Options&, std::vector<Record>&);

/// Suites by name.
struct SuiteEntry {
  const char* name;
  const char* summary;
  Suite run;
};
const std::vector<SuiteEntry>& suites();

void suite_mp(const Options& opt, std::vector<Record>& out);
void suite_hash(const Options& opt, std::vector<Record>& out);
void suite_cipher(const Options& opt, std::vector<Record>& out);
void suite_field(const Options& opt, std::vector<Record>& out);
void suite_ec(const Options& opt, std::vector<Record>& out);
void suite_sign(const Options& opt, std::vector<Record>& out);
void suite_ecdsa(const Options& opt, std::vector<Record>& out);
void suite_rsa(const Options& opt, std::vector<Record>& out);
void suite_seeds(const Options& opt, std::vector<Record>& out);
/// The rows of source "002"'s Tables #1 (block ciphers), #2 (hashes, HMAC, KMAC) and #9
/// (CTR of one block) of suite seeds (seeds_002.cpp).
void seeds_ciphers_002(const Options& opt, std::vector<Record>& out);
void seeds_hashes_002(const Options& opt, std::vector<Record>& out);
void seeds_rsa_002(const Options& opt, std::vector<Record>& out);
void seeds_ctr_002(const Options& opt, std::vector<Record>& out);
/// The rows of source "004" of suite seeds (seeds_004.cpp), and the tables they fill.
void seeds_multi_request_004(const Options& opt, std::vector<Record>& out);
std::vector<std::string> seeds_tables_004();
/// Throws dstu::Error naming the first of `selectors` (Options::seeds_tables) that
/// selects none of suite seeds' tables, and listing them, or, on a team of fewer than
/// two `threads`, only tables whose rows all run on two threads. std::logic_error if a
/// part fills a table without published figures (a bug).
void check_seeds_tables(const std::vector<std::string>& selectors, int threads);

}  // namespace dstu::cli::bench
