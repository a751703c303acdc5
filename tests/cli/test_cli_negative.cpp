// Negative vectors (test-vectors/dstu4145/negative.vec, Wycheproof style) through the
// real binary: each modified signature or public key gives the exit status and the
// message the vector names. What makes each vector wrong is re-checked here with the
// slow reference arithmetic, so the file cannot claim a property it does not have.
#include <doctest/doctest.h>

#include <string>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "transcript.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::mp::Nat;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
namespace ec2m = dstu::ec2m;

namespace {

std::string text(const Bytes& b) { return std::string(b.begin(), b.end()); }

/// Ends with `suffix`.
bool is(const std::string& id, const std::string& suffix) {
  return id.size() >= suffix.size() && id.compare(id.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// The independent check of what a vector claims about its data.
void check_claim(const dstu::test::Vector& v) {
  const std::string id = v.get("Id");
  const ec2m::Curve& c = ec2m::Curve::named(v.get("Curve"));
  const Bytes sig = v.bytes("Sig"), pub = v.bytes("Pub");
  const Nat n = c.order();
  const std::size_t h = dstu::dstu4145::signature_half_bytes(c);
  if (id.find("-r-") != std::string::npos || id.find("-s-") != std::string::npos) {
    REQUIRE(sig.size() == 2 * h);
    const Nat r = Nat::from_bytes_le(Bytes(sig.begin(), sig.begin() + static_cast<std::ptrdiff_t>(h)));
    const Nat s = Nat::from_bytes_le(Bytes(sig.begin() + static_cast<std::ptrdiff_t>(h), sig.end()));
    const bool in_range = !r.is_zero() && !s.is_zero() && r < n && s < n;
    CHECK(in_range == (v.get("Reason") != "out of range"));
  }
  const Bytes packed(pub.end() - static_cast<std::ptrdiff_t>(c.field_bytes()), pub.end());
  if (is(id, "pub-no-solution")) CHECK_THROWS_AS(ec2m::decompress_le(c, packed), dstu::Error);
  if (is(id, "pub-wrong-order")) {
    const ec2m::AffinePoint p = ec2m::decompress_le(c, packed);
    CHECK(ec2m::on_curve(c, p));
    CHECK_FALSE(ec2m::mul_reference_vartime(c, n, p).infinity);  // n P != O
  }
}

}  // namespace

TEST_CASE("negative vectors: every modified signature and public key gets its exit status and message") {
  const auto vectors = dstu::test::load_vectors("dstu4145/negative.vec", "verify");
  REQUIRE(vectors.size() >= 60);
  TempDir d;
  int by_status[3] = {0, 0, 0};
  for (const auto& v : vectors) {
    INFO(v.get("Id"));
    check_claim(v);
    write(d / "pub.der", text(v.bytes("Pub")));
    write(d / "message", text(v.bytes("Message")));
    write(d / "sig", text(v.bytes("Sig")));
    const auto r = run_dstu({"verify", "-p", d / "pub.der", "--sig-format", "raw", "--sig", d / "sig", d / "message"});
    const int want = std::stoi(v.get("Exit"));
    CHECK(r.status == want);
    const std::string said = r.out + r.err;
    INFO("dstu said: " << said);
    if (!v.get("Reason").empty()) CHECK(said.find(v.get("Reason")) != std::string::npos);
    if (want != 0) CHECK(said.find("OK") == std::string::npos);
    if (want >= 0 && want <= 2) ++by_status[want];
  }
  // All three outcomes are represented.
  CHECK(by_status[0] >= 3);
  CHECK(by_status[1] >= 30);
  CHECK(by_status[2] >= 15);
}
