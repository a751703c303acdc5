// The per-call entry points: pick the kernel table for the active ISA and call it.
// Also the kernel tables of the built-in fields, built from the typed kernels.
#include "dstu/base/ct.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "internal.hpp"

namespace dstu::gf2m {
namespace {

template <class P, Isa I>
constexpr Ops typed_ops() {
  using K = Kernels<P, I>;
  return Ops{
      I,
      [](const Field&, Word* r, const Word* a, const Word* b) { K::mul(r, a, b); },
      [](const Field&, Word* r, const Word* a) { K::sqr(r, a); },
      [](const Field&, Word* r, const Word* a, unsigned n) { K::sqr_n(r, a, n); },
      [](const Field&, Word* c, const Word* a, const Word* b) { K::mul_wide(c, a, b); },
      [](const Field&, Word* r, const Word* c) { K::reduce(r, c); },
      [](const Field&, Word* r, const Word* a) { K::inv(r, a); },
      [](const Field&, Word* r, const Word* a) { K::sqrt(r, a); },
      [](const Field&, Word* r, const Word* a) { K::half_trace(r, a); },
  };
}

template <class P>
struct TypedTables {
  static constexpr Ops portable = typed_ops<P, Isa::portable>();
  static constexpr Ops clmul = typed_ops<P, Isa::clmul>();
  static constexpr Ops vpclmul = typed_ops<P, Isa::vpclmul>();
};

template <class P>
const Ops* typed_table(Isa isa) {
  switch (isa) {
    case Isa::vpclmul:
      return vpclmul_choice(P::id).any() ? &TypedTables<P>::vpclmul : &TypedTables<P>::clmul;
    case Isa::clmul:
      return &TypedTables<P>::clmul;
    case Isa::portable:
      break;
  }
  return &TypedTables<P>::portable;
}

}  // namespace

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::vpclmul: return "vpclmul";
    case Isa::clmul: return "clmul";
    case Isa::portable: break;
  }
  return "portable";
}

Isa best_isa(const cpu::Features& c) {
  if (!c.pclmulqdq) return Isa::portable;
  return cpu::vpclmul_kernels(c) ? Isa::vpclmul : Isa::clmul;
}

Isa active_isa() { return best_isa(cpu::active()); }

const Ops& ops(const Field& f) {
  switch (active_isa()) {
    case Isa::vpclmul: return f.ops_vpclmul();
    case Isa::clmul: return f.ops_clmul();
    case Isa::portable: break;
  }
  return f.ops_portable();
}

namespace detail {

const Ops* builtin_ops(Builtin id, Isa isa) {
  switch (id) {
#define DSTU_GF2M_CASE(F) \
  case F::id:             \
    return typed_table<F>(isa);
    DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_CASE)
#undef DSTU_GF2M_CASE
  }
  return nullptr;
}

}  // namespace detail

void mul(const Field& f, Element& r, const Element& a, const Element& b) {
  ops(f).mul(f, r.w, a.w, b.w);
}

void sqr(const Field& f, Element& r, const Element& a) { ops(f).sqr(f, r.w, a.w); }

void sqr_n(const Field& f, Element& r, const Element& a, unsigned n) {
  ops(f).sqr_n(f, r.w, a.w, n);
}

void inv(const Field& f, Element& r, const Element& a) { ops(f).inv(f, r.w, a.w); }

void sqrt(const Field& f, Element& r, const Element& a) { ops(f).sqrt(f, r.w, a.w); }

bool equal(const Field& f, const Element& a, const Element& b) {
  Word d = 0;
  for (int i = 0; i < f.words(); ++i) d |= a.w[i] ^ b.w[i];
  return ct::is_zero(d) != 0;
}

bool is_zero(const Field& f, const Element& a) {
  Word d = 0;
  for (int i = 0; i < f.words(); ++i) d |= a.w[i];
  return ct::is_zero(d) != 0;
}

Element one() {
  Element e;
  e.w[0] = 1;
  return e;
}

}  // namespace dstu::gf2m
