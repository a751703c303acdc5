// The figures printed in the tables `dstu bench seeds` re-measures, as data: one array
// per source table, rows in the source's order, units in the names. seeds_published.cpp
// names each source document and table; seeds.cpp puts each row beside its measurement.
#pragma once

#include <array>
#include <cstddef>
#include <optional>

namespace dstu::cli::bench::published {

// ---- "000": parallel algorithms on DSTU 4145-2002, one two-core machine ----

/// The machine of every table of "000".
extern const char* const kCpu000;

/// Table 1: modular exponentiation, sequential and by exponent portions on 2 cores.
struct ModexpRow {
  std::size_t bits;
  double sequential_s, parallel_s, speedup;
};
extern const std::array<ModexpRow, 3> kModexp000;

/// Table 2: doubling D and mixed addition A (Jacobian-type coordinates), r = A / D, the
/// comb iterations d for window 8 and the measured speed-up S of the split comb.
struct FormulaRow {
  int m;
  double double_us, add_us, r;
  int comb_iterations;
  double speedup;
};
extern const std::array<FormulaRow, 10> kFormulas000;

/// Table 3: signing S and verification V, sequential, and V / S.
struct SequentialSignRow {
  int m;
  double sign_ms, verify_ms, v_over_s;
};
extern const std::array<SequentialSignRow, 11> kSequentialSign000;

/// Table 4: the same on 2 cores, with the speed-ups Ts / Tp of signing and verification.
struct ParallelSignRow {
  int m;
  double sign_ms, verify_ms, v_over_s, speedup_sign, speedup_verify;
};
extern const std::array<ParallelSignRow, 11> kParallelSign000;

// ---- "001": Modified Comba and its parallel forms 2x and Mx, five CPUs ----

/// Table 1's columns: operand lengths in 32-bit words.
inline constexpr std::array<std::size_t, 12> kCombaWords{3, 4, 8, 16, 32, 48, 64, 96, 128, 192, 256, 384};

/// Table 1, one CPU: ms per 10^6 products (numerically ns per product), by column.
struct CombaCpu {
  const char* cpu;
  std::array<double, 12> comba, comba_2x, comba_mx;
};
extern const std::array<CombaCpu, 5> kComba001;

// ---- "002": slides of a C++ cryptographic library, one CPU, x86 and x64 builds ----

/// The machine of the tables of "002".
extern const char* const kCpu002;

/// Performance #3, one build: DSTU 4145-2002 operations, ms.
struct SignatureBuild {
  double keygen_ms, presignature_ms, sign_ms, verify_ms;
};
/// Performance #3, one curve (the source's B-m is the DSTU 4145 curve of degree m).
struct SignatureRow {
  int m;
  SignatureBuild x86, x64;
};
extern const std::array<SignatureRow, 10> kSignature002;

/// Performance #4 (ECDSA) and #5 (ECGDSA), one build: public key generation, signing
/// and verification (each scalar multiplication on its own thread), ms.
struct GfpSignatureBuild {
  double keygen_ms, sign_ms, verify_ms;
};
/// One curve of #4 or #5 by our name (the source's "P-512" of #4 is P-521; #5's
/// P-160 ... P-512 are the Brainpool r1 curves of RFC 5639; B-163 ... B-571 are the NIST
/// binary curves of FIPS 186-3 in both).
struct GfpSignatureRow {
  const char* curve;
  GfpSignatureBuild x86, x64;
};
extern const std::array<GfpSignatureRow, 10> kEcdsa002;
extern const std::array<GfpSignatureRow, 12> kEcgdsa002;

/// Performance #2, one build: hash, HMAC and KMAC throughput, MB/s (none where "-").
struct HashBuild {
  double hash_mb_s, hmac_mb_s;
  std::optional<double> kmac_mb_s;
};
/// Performance #2, one hash, by its hash::make_hasher name.
struct HashRow {
  const char* hasher;
  HashBuild x86, x64;
};
extern const std::array<HashRow, 4> kHash002;

// ---- "004": F. F. Al-Otaibi, "Trade-off analysis for generic-point parallel elliptic
// curve scalar multiplication" (thesis), Brainpool prime curves, one four-core machine ----

/// The machine of the thesis's Tables 5.5-5.16.
extern const char* const kCpu004;

/// Tables 5.5-5.16, one row: the execution time of r requests by each method. The
/// thesis prints no unit.
struct MultiRequestRow {
  std::size_t r;
  double sequential, postcomputation_10, precomputation_11, pipeline_12, per_request;
};
/// One of Tables 5.5-5.16: its number, key size, processors u and rows r = 4 ... 64.
struct MultiRequestTable {
  const char* table;
  int key_bits, u;
  std::array<MultiRequestRow, 5> rows;
};
extern const std::array<MultiRequestTable, 12> kMultiRequest004;

/// Table 5.4, one key size m: total doublings at u = 8 for r = 8, 16, 32 (by_r), columns
/// [10], [11], [12], New.
struct DoublingsRow {
  int m;
  std::array<std::array<double, 4>, 3> by_r;
};
inline constexpr std::array<std::size_t, 3> kDoublingsRequests004{8, 16, 32};
extern const std::array<DoublingsRow, 4> kDoublings004;

}  // namespace dstu::cli::bench::published
