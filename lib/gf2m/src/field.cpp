// The field descriptor: validation of the modulus, the precomputed constants (trace
// mask, sqrt(x), half-trace rows, Barrett constant, reduction rows) and the ten
// built-in DSTU 4145 fields, each built on first use.
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

constexpr std::array<int, 10> kDstuDegrees{163, 167, 173, 179, 191, 233, 257, 307, 367, 431};

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

const Field& Field::dstu(int m) {
  // Exponents from the spec digest §1.2 (STD Table 1 via BC/CR/UAPKI).
  switch (m) {
    case 163: {
      static const Field f(DstuTag{}, std::array{163, 7, 6, 3, 0});
      return f;
    }
    case 167: {
      static const Field f(DstuTag{}, std::array{167, 6, 0});
      return f;
    }
    case 173: {
      static const Field f(DstuTag{}, std::array{173, 10, 2, 1, 0});
      return f;
    }
    case 179: {
      static const Field f(DstuTag{}, std::array{179, 4, 2, 1, 0});
      return f;
    }
    case 191: {
      static const Field f(DstuTag{}, std::array{191, 9, 0});
      return f;
    }
    case 233: {
      static const Field f(DstuTag{}, std::array{233, 9, 4, 1, 0});
      return f;
    }
    case 257: {
      static const Field f(DstuTag{}, std::array{257, 12, 0});
      return f;
    }
    case 307: {
      static const Field f(DstuTag{}, std::array{307, 8, 4, 2, 0});
      return f;
    }
    case 367: {
      static const Field f(DstuTag{}, std::array{367, 21, 0});
      return f;
    }
    case 431: {
      static const Field f(DstuTag{}, std::array{431, 5, 3, 1, 0});
      return f;
    }
    default:
      break;
  }
  throw_invalid("no DSTU 4145 polynomial-basis field of degree " + std::to_string(m) +
                " (expected 163, 167, 173, 179, 191, 233, 257, 307, 367 or 431)");
}

Field::Field(DstuTag, std::span<const int> exponents) { init(exponents, Reduction::special); }

Field::Field(std::span<const int> exponents) {
  init(exponents, exponents.size() <= 5 ? Reduction::sparse : Reduction::barrett);
}

Field::Field(std::span<const int> exponents, Reduction method) {
  if (method == Reduction::special) {
    throw_invalid("Reduction::special is reserved for the DSTU fields (use Field::dstu)");
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
    ops_[0] = detail::dstu_ops(m_, Isa::portable);
    ops_[1] = detail::dstu_ops(m_, Isa::clmul);
    ops_[2] = detail::dstu_ops(m_, Isa::vpclmul);
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
