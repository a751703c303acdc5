// dstu::gf2m — binary fields GF(2^m) in polynomial basis: the field descriptor.
//
// What it is: the fourteen built-in fields of builtin.hpp — the ten DSTU 4145-2002
// polynomial-basis fields (m = 163 ... 431) and the NIST binary fields of FIPS 186-4
// D.1.3 — with compile-time special reduction, and generic fields on any irreducible
// polynomial of degree 2 <= m <= 571 (trinomials and pentanomials by the same folding
// with run-time exponents; any other modulus by a precomputed reduction).
// Depends on: base (errors, constant-time helpers), cpu (the one place that says which
// kernels may run), parallel (the team that runs the variants of parallel.hpp).
// Secret: element values. Every function of the module runs in time independent of
// element values unless its name ends in _vartime; field parameters are public.
// (The external-form readers branch only on whether their input is valid.)
//
// An element is an array of 64-bit words, word 0 first, bit i = coefficient of x^i;
// bits at and above m are always zero (every function expects and returns that form).
// Arithmetic never allocates. Three ways to call it, fastest last:
//   - ops.hpp: free functions on (Field, Element), dispatched on every call;
//   - ops(field): a table of kernel pointers, chosen once per batch of work;
//   - kernels.hpp: Kernels<F257, Isa::clmul> etc. with direct calls, and dispatch(),
//     which picks the kernel type once so a caller's whole algorithm is specialised.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/aligned_words.hpp"
#include "dstu/gf2m/builtin.hpp"

namespace dstu::gf2m {

using Word = std::uint64_t;

/// The largest supported degree and the words an element of it takes.
inline constexpr int kMaxDegree = 571;
inline constexpr int kMaxWords = (kMaxDegree + 63) / 64;

/// Words taken by an element of GF(2^m).
constexpr int words_for(int m) { return (m + 63) / 64; }

/// An element of any supported field. Only the field's words() low words are
/// meaningful; the rest stay zero. Not wiped automatically: callers holding secrets
/// wipe them (dstu::secure_wipe) when done.
struct Element {
  Word w[kMaxWords] = {};
  Word* data() { return w; }
  const Word* data() const { return w; }
};

/// The degrees of the ten DSTU 4145-2002 polynomial-basis fields, ascending.
std::span<const int> dstu_degrees();

/// The fourteen built-in fields, in the order of builtin.hpp (DSTU ones first).
std::span<const Builtin> builtin_fields();

/// How a field reduces a double-length product modulo f.
enum class Reduction {
  special,  ///< a built-in polynomial (builtin.hpp): compile-time, unrolled word folding
  sparse,   ///< any trinomial or pentanomial: word folding with run-time exponents
  barrett,  ///< any modulus: carry-less Barrett with the precomputed x^(2m) div f
  table,    ///< any modulus: the precomputed rows x^(m+i) mod f, added under masks
};

/// Name of a reduction method ("special", "sparse", "barrett", "table").
const char* reduction_name(Reduction r);

struct Ops;

/// A binary field: degree, modulus and the precomputed constants the operations use.
/// Build generic fields once and reuse them: construction runs the irreducibility
/// test and fills the tables, milliseconds of work (most for a large generic field);
/// the DSTU fields take about 0.4 MB of tables in all, each built on first use.
class Field {
 public:
  /// One of the ten DSTU 4145-2002 fields (m in dstu_degrees()); built on first use,
  /// thread-safe. Throws Error(invalid_input) for any other m.
  static const Field& dstu(int m);

  /// A built-in field (DSTU 4145 or NIST); built on first use, thread-safe.
  /// Field::builtin(Builtin::F257) is Field::dstu(257).
  static const Field& builtin(Builtin id);

  /// The built-in field whose polynomial has these exponents (any order, as for
  /// Field), built on first use; nullptr when the polynomial is not a built-in one.
  static const Field* find_builtin(std::span<const int> exponents);

  /// A field on the polynomial with the given exponents (any order, each once,
  /// including m and 0), 2 <= m <= 571. Trinomials and pentanomials reduce by
  /// Reduction::sparse, other moduli by Reduction::barrett. Throws Error(invalid_input)
  /// if the list is malformed or the polynomial is reducible.
  explicit Field(std::span<const int> exponents);

  /// As above with a chosen method: sparse needs a trinomial or pentanomial; special is
  /// refused (use builtin() or find_builtin()).
  Field(std::span<const int> exponents, Reduction method);

  int m() const { return m_; }
  /// Words per element: ceil(m / 64).
  int words() const { return words_; }
  /// Bytes of the external form: ceil(m / 8).
  int bytes() const { return (m_ + 7) / 8; }
  /// Exponents of f, descending (m first, 0 last).
  std::span<const int> exponents() const { return exponents_; }
  Reduction reduction() const { return reduction_; }
  /// Which built-in field this is; empty for a generic field.
  std::optional<Builtin> builtin_id() const { return builtin_; }
  /// True for the fourteen built-in fields (Reduction::special, typed kernels).
  bool is_builtin() const { return builtin_.has_value(); }
  /// True for the ten built-in DSTU 4145 fields only.
  bool is_dstu() const { return builtin_ && detail::builtin_spec(*builtin_).dstu; }
  /// Readable description, e.g. "GF(2^163) x^163+x^7+x^6+x^3+1".
  const std::string& name() const { return name_; }
  /// Valid bits of the top word.
  Word top_mask() const { return top_mask_; }

  /// f itself (words_for(m + 1) words).
  const Word* modulus() const { return modulus_.data(); }
  /// Bits i with Tr(x^i) = 1: Tr(a) is the parity of a AND this mask.
  const Word* trace_mask() const { return trace_mask_.data(); }
  /// sqrt(x) = x^(2^(m-1)).
  const Word* sqrt_x() const { return sqrt_x_.data(); }
  /// Words between consecutive rows of the row tables below (8 for up to 8 words).
  int row_stride() const { return words_ <= 8 ? 8 : words_; }
  /// Half-trace rows for odd m: row j (row_stride() words apart) is htr(x^(2j+1)),
  /// j < (m-1)/2.
  const Word* half_trace_rows() const { return half_trace_rows_.data(); }
  /// Rows (x^i)^(2^k), i < m, for the long squaring runs of Itoh–Tsujii (k >= 32 in
  /// the chain of m - 1), or nullptr when k has no table.
  const Word* multisquare_rows(unsigned k) const;
  /// htr(1): 1 when (m+1)/2 is odd, else 0 (odd m).
  Word half_trace_one() const { return half_trace_one_; }
  /// Barrett constant x^(2m) div f (words_for(m + 1) words; Reduction::barrett).
  const Word* barrett_mu() const { return barrett_mu_.data(); }
  /// Rows x^(m+i) mod f for 0 <= i < m - 1 (words() words each; Reduction::table).
  const Word* reduction_rows() const { return reduction_rows_.data(); }
  /// Number of folding passes Reduction::sparse needs (public: depends on f only).
  int sparse_passes() const { return sparse_passes_; }

  /// The kernel tables (portable, carry-less, vector carry-less); ops(field) in
  /// ops.hpp picks one. ops_vpclmul() is the clmul table for a field that does not use
  /// VPCLMULQDQ (every generic field, and the DSTU ones vpclmul_choice() leaves out).
  const Ops& ops_portable() const { return *ops_[0]; }
  const Ops& ops_clmul() const { return *ops_[1]; }
  const Ops& ops_vpclmul() const { return *ops_[2]; }

 private:
  explicit Field(Builtin id);
  void init(std::span<const int> exponents, Reduction method);
  void precompute_tables();

  int m_ = 0;
  int words_ = 0;
  Reduction reduction_ = Reduction::sparse;
  std::optional<Builtin> builtin_;
  int sparse_passes_ = 0;
  Word top_mask_ = 0;
  Word half_trace_one_ = 0;
  std::vector<int> exponents_;
  std::string name_;
  std::vector<Word> modulus_, trace_mask_, sqrt_x_, barrett_mu_, reduction_rows_;
  AlignedWords half_trace_rows_;
  struct MultiSquare {
    unsigned k;
    AlignedWords rows;
  };
  std::vector<MultiSquare> multisquare_;
  const Ops* ops_[3] = {nullptr, nullptr, nullptr};
};

/// True when the polynomial with these exponents (as for Field) is irreducible over
/// GF(2) (Rabin's test). Variable time; the polynomial is public.
bool is_irreducible_vartime(std::span<const int> exponents);

}  // namespace dstu::gf2m
