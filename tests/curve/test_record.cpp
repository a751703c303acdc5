// Named-curve records (dstu/curve/record.hpp): the lookups by name, OID and alias, the
// families' names, and both registries' records (every DSTU 4145 and NIST binary curve
// of lib/ec2m, every NIST prime and Brainpool curve of lib/ecp) found by each of their
// names and of the family their table says.
#include <doctest/doctest.h>

#include <string>

#include "dstu/curve/record.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ecp/curve.hpp"

namespace curve = dstu::curve;

TEST_CASE("a record matches its name, OID and aliases exactly") {
  const curve::CurveRecord r{"P-256", "1.2.840.10045.3.1.7", {"secp256r1", "prime256v1"}, curve::Family::nist};
  for (const char* key : {"P-256", "1.2.840.10045.3.1.7", "secp256r1", "prime256v1"}) CHECK(r.matches(key));
  for (const char* key : {"p-256", "P256", "", "1.2.840.10045.3.1", "secp256k1"}) CHECK_FALSE(r.matches(key));
  CHECK_FALSE(curve::CurveRecord{}.matches("x"));
  CHECK(std::string(curve::family_name(curve::Family::custom)) == "custom");
  CHECK(std::string(curve::family_name(curve::Family::dstu4145)) == "dstu4145");
  CHECK(std::string(curve::family_name(curve::Family::nist)) == "nist");
  CHECK(std::string(curve::family_name(curve::Family::brainpool)) == "brainpool");
  CHECK(std::string(curve::family_name(curve::Family::nist_binary)) == "nist-binary");
  CHECK(std::string(curve::family_name(curve::Family::nist_koblitz)) == "nist-koblitz");
}

TEST_CASE("both registries fill the records: every named curve found by each name, of its family") {
  int seen = 0;
  for (const dstu::ec2m::Curve* c : dstu::ec2m::Curve::all_named()) {
    CHECK(c->family() == curve::Family::dstu4145);
    CHECK(&dstu::ec2m::Curve::named(c->oid()) == c);
    ++seen;
  }
  for (const dstu::ec2m::Curve* c : dstu::ec2m::Curve::all_nist()) {
    CHECK(c->family() == (c->name()[0] == 'K' ? curve::Family::nist_koblitz : curve::Family::nist_binary));
    CHECK(dstu::ec2m::Curve::find_nist(c->oid()) == c);
    REQUIRE(c->aliases().size() == 1);
    CHECK(dstu::ec2m::Curve::find_nist(c->aliases()[0]) == c);
    ++seen;
  }
  for (const dstu::ecp::Curve* c : dstu::ecp::Curve::all_named()) {
    CHECK(c->family() == (c->name().rfind("P-", 0) == 0 ? curve::Family::nist : curve::Family::brainpool));
    CHECK(dstu::ecp::Curve::find(c->oid()) == c);
    for (const std::string& a : c->aliases()) CHECK(dstu::ecp::Curve::find(a) == c);
    ++seen;
  }
  CHECK(seen == 10 + 10 + 19);
}
