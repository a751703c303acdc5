// The field descriptor: validation of the modulus, the precomputed constants (trace
// mask, sqrt(x), half-trace rows, Barrett constant, reduction rows) and the fourteen
// built-in fields of builtin.hpp (DSTU 4145 and NIST), each built on first use.
#include <algorithm>
#include <array>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/gf2m/field.hpp"
#include "dstu/gf2m/ops.hpp"
#include "internal.hpp"
#include "slow_poly.hpp"
#include "words.hpp"

namespace dstu::gf2m {
namespace {

/// The degrees of the DSTU rows of builtin.hpp, in list order.
constexpr auto kDstuDegrees = [] {
  constexpr int n = [] {
    int count = 0;
    for (const detail::BuiltinSpec& s : detail::kBuiltinSpecs) count += s.dstu ? 1 : 0;
    return count;
  }();
  std::array<int, n> d{};
  int i = 0;
  for (const detail::BuiltinSpec& s : detail::kBuiltinSpecs) {
    if (s.dstu) d[i++] = s.m;
  }
  return d;
}();

constexpr auto kBuiltinIds = [] {
  std::array<Builtin, detail::kBuiltinCount> ids{};
  for (int i = 0; i < detail::kBuiltinCount; ++i) ids[i] = detail::kBuiltinSpecs[i].id;
  return ids;
}();

/// The exponents of a built-in polynomial, descending.
std::vector<int> spec_exponents(const detail::BuiltinSpec& s) {
  if (s.k2 == 0) return {s.m, s.k1, 0};
  return {s.m, s.k1, s.k2, s.k3, 0};
}

std::string poly_text(std::span<const int> exps) {
  std::string s;
  for (int e : exps) {
    if (!s.empty()) s += '+';
    s += e == 0 ? std::string("1") : e == 1 ? std::string("x") : "x^" + std::to_string(e);
  }
  return s;
}

std::vector<Word> words_of(const detail::SlowPoly& p, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n), 0);
  for (std::size_t i = 0; i < p.size() && i < w.size(); ++i) w[i] = p[i];
  return w;
}

}  // namespace

std::span<const int> dstu_degrees() { return kDstuDegrees; }

std::span<const Builtin> builtin_fields() { return kBuiltinIds; }

const Word* Field::multisquare_rows(unsigned k) const {
  for (const auto& t : multisquare_) {
    if (t.k == k) return t.rows.data();
  }
  return nullptr;
}

const char* reduction_name(Reduction r) {
  switch (r) {
    case Reduction::special: return "special";
    case Reduction::sparse: return "sparse";
    case Reduction::barrett: return "barrett";
    case Reduction::table: return "table";
  }
  return "?";
}

const Field& Field::builtin(Builtin id) {
  // One function-local static per field: each is built on its first use only.
  switch (id) {
#define DSTU_GF2M_CASE(Ctx, Name, ...)         \
  case Builtin::Name: {                        \
    static const Field f(Builtin::Name);       \
    return f;                                  \
  }
    DSTU_GF2M_BUILTIN_FIELDS(DSTU_GF2M_CASE, )
#undef DSTU_GF2M_CASE
  }
  throw_invalid("no built-in field " + std::to_string(static_cast<int>(id)));
}

const Field& Field::dstu(int m) {
  for (const detail::BuiltinSpec& s : detail::kBuiltinSpecs) {
    if (s.dstu && s.m == m) return builtin(s.id);
  }
  std::string known;
  for (int d : kDstuDegrees) known += (known.empty() ? "" : ", ") + std::to_string(d);
  throw_invalid("no DSTU 4145 polynomial-basis field of degree " + std::to_string(m) + " (expected one of " +
                known + ")");
}

const Field* Field::find_builtin(std::span<const int> exponents) {
  std::vector<int> ex(exponents.begin(), exponents.end());
  std::sort(ex.begin(), ex.end(), std::greater<int>());
  for (const detail::BuiltinSpec& s : detail::kBuiltinSpecs) {
    if (spec_exponents(s) == ex) return &builtin(s.id);
  }
  return nullptr;
}

Field::Field(Builtin id) : builtin_(id) {
  init(spec_exponents(detail::builtin_spec(id)), Reduction::special);
}

Field::Field(std::span<const int> exponents) {
  init(exponents, exponents.size() <= 5 ? Reduction::sparse : Reduction::barrett);
}

Field::Field(std::span<const int> exponents, Reduction method) {
  if (method == Reduction::special) {
    throw_invalid("Reduction::special is reserved for the built-in fields (use Field::builtin)");
  }
  if (method == Reduction::sparse && exponents.size() > 5) {
    throw_invalid("sparse reduction needs a trinomial or pentanomial");
  }
  init(exponents, method);
}

void Field::init(std::span<const int> exponents, Reduction method) {
  std::vector<int> ex(exponents.begin(), exponents.end());
  std::sort(ex.begin(), ex.end(), std::greater<int>());
  if (ex.size() < 2 || ex.back() != 0 || std::adjacent_find(ex.begin(), ex.end()) != ex.end()) {
    throw_invalid("a field polynomial needs distinct exponents including 0 and m");
  }
  if (ex.front() < 2 || ex.front() > kMaxDegree) {
    throw_invalid("field degree must be in 2.." + std::to_string(kMaxDegree));
  }
  if (!is_irreducible_vartime(ex)) throw_invalid(poly_text(ex) + " is reducible");

  m_ = ex.front();
  words_ = words_for(m_);
  exponents_ = ex;
  reduction_ = method;
  top_mask_ = detail::top_mask_for(m_);
  name_ = "GF(2^" + std::to_string(m_) + ") " + poly_text(ex);

  const detail::SlowPoly f = detail::slow_from_exponents(ex);
  modulus_ = words_of(f, words_for(m_ + 1));
  for (int d = 2 * m_ - 2; d >= m_; d = d - m_ + ex[1]) ++sparse_passes_;
  if (method == Reduction::barrett) {
    detail::SlowPoly mu, x2m = detail::slow_from_exponents(std::vector<int>{2 * m_});
    detail::slow_divmod(x2m, f, &mu);
    barrett_mu_ = words_of(mu, words_for(m_ + 1));
  }
  if (method == Reduction::table) {
    reduction_rows_.assign(static_cast<std::size_t>((m_ - 1) * words_), 0);
    detail::SlowPoly row = detail::slow_divmod(detail::slow_from_exponents(std::vector<int>{m_}), f);
    for (int i = 0; i < m_ - 1; ++i) {
      auto w = words_of(row, words_);
      std::copy(w.begin(), w.end(), reduction_rows_.begin() + i * words_);
      row.resize(row.size() + 1, 0);
      for (std::size_t j = row.size() - 1; j > 0; --j) row[j] = row[j] << 1 | row[j - 1] >> 63;
      row[0] <<= 1;
      row = detail::slow_divmod(row, f);
    }
  }
  if (method == Reduction::special) {
    ops_[0] = detail::builtin_ops(*builtin_, Isa::portable);
    ops_[1] = detail::builtin_ops(*builtin_, Isa::clmul);
    ops_[2] = detail::builtin_ops(*builtin_, Isa::vpclmul);
  } else {
    ops_[0] = &detail::generic_ops(Isa::portable);
    ops_[1] = &detail::generic_ops(Isa::clmul);
    ops_[2] = ops_[1];  // no VPCLMULQDQ kernels for run-time fields
  }
  precompute_tables();
}

void Field::precompute_tables() {
  const Ops& o = ops(*this);
  trace_mask_.assign(static_cast<std::size_t>(words_), 0);
  detail::compute_trace_mask(trace_mask_.data(), m_, exponents_);

  // sqrt(x) = x^(2^(m-1)).
  sqrt_x_.assign(static_cast<std::size_t>(words_), 0);
  sqrt_x_[0] = 2;
  o.sqr_n(*this, sqrt_x_.data(), sqrt_x_.data(), static_cast<unsigned>(m_ - 1));

  const auto stride = static_cast<std::size_t>(row_stride());
  if (m_ % 2 == 1) {
    half_trace_one_ = static_cast<Word>(((m_ + 1) / 2) & 1);
    half_trace_rows_ = AlignedWords(static_cast<std::size_t>((m_ - 1) / 2) * stride);
    detail::compute_half_trace_rows(*this, o, half_trace_rows_.data());
  }
  // Tables for the long squaring runs of inversion (built before any inversion runs).
  for (unsigned k : detail::multisquare_runs(m_)) {
    MultiSquare t{k, AlignedWords(static_cast<std::size_t>(m_) * stride)};
    detail::compute_multisquare_rows(*this, o, k, t.rows.data());
    multisquare_.push_back(std::move(t));
  }
}

}  // namespace dstu::gf2m
