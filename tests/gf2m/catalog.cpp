// The operation list of catalog.hpp.
#include "catalog.hpp"

#include "dstu/gf2m/ops.hpp"
#include "dstu/gf2m/parallel.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::gf2m {
namespace {

constexpr Operation kOperations[] = {
    {"mul", true, false,
     [](const Field& f, Element& r, const Element& a, const Element& b) { mul(f, r, a, b); }},
    {"sqr", true, false,
     [](const Field& f, Element& r, const Element& a, const Element&) { sqr(f, r, a); }},
    {"inv", true, false,
     [](const Field& f, Element& r, const Element& a, const Element&) { inv(f, r, a); }},
    {"inv_vartime", false, false,
     [](const Field& f, Element& r, const Element& a, const Element&) { inv_vartime(f, r, a); }},
    {"sqrt", true, false,
     [](const Field& f, Element& r, const Element& a, const Element&) { sqrt(f, r, a); }},
    {"trace", true, false,
     [](const Field& f, Element& r, const Element& a, const Element&) {
       const Word t = trace(f, a);
       r = a;
       r.w[0] ^= t;
     }},
    {"half_trace", true, false,
     [](const Field& f, Element& r, const Element& a, const Element&) { half_trace(f, r, a); }},
    {"mul_parallel", true, true,
     [](const Field& f, Element& r, const Element& a, const Element& b) {
       mul_parallel(f, r, a, b, parallel::available());
     }},
    {"sqr_parallel", true, true,
     [](const Field& f, Element& r, const Element& a, const Element&) {
       sqr_parallel(f, r, a, parallel::available());
     }},
};

}  // namespace

std::span<const Operation> operations() { return kOperations; }

}  // namespace dstu::gf2m
