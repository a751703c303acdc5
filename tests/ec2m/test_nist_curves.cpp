// The NIST binary curves (FIPS 186-4 Appendix D.1.3): the full parameter checks of the
// checked constructor, lookup by name, SEC 2 alias and OID, the K-283 public key of
// RFC 6979 A.2.10, and the SEC 1 v2.0 point encodings (§2.3.3-2.3.4) with every
// rejection. The numbers themselves are compared with OpenSSL's by nist_params_openssl.py.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/nat.hpp"
#include "test_random.hpp"

using dstu::ec2m::Curve;
namespace ec2m = dstu::ec2m;
namespace mp = dstu::mp;
namespace gf2m = dstu::gf2m;

namespace {

/// What the tables say about each curve, typed in independently of nist_curves.cpp:
/// names and OIDs from SEC 2 v2.0 Appendix A / RFC 5480 §2.1.1.1, m, A and h from
/// FIPS 186-4 D.1.3, and the prefix of the compressed base point (y~ of SEC 1 §2.3.3)
/// as `openssl ecparam -name <alias> -param_enc explicit -conv_form compressed` prints it.
struct Want {
  const char* name;
  const char* alias;
  const char* oid;
  int m;
  unsigned a, h;
  std::uint8_t g_prefix;
};

constexpr Want kWant[] = {
    {"B-163", "sect163r2", "1.3.132.0.15", 163, 1, 2, 0x03}, {"B-233", "sect233r1", "1.3.132.0.27", 233, 1, 2, 0x03},
    {"B-283", "sect283r1", "1.3.132.0.17", 283, 1, 2, 0x03}, {"B-409", "sect409r1", "1.3.132.0.37", 409, 1, 2, 0x03},
    {"B-571", "sect571r1", "1.3.132.0.39", 571, 1, 2, 0x03}, {"K-163", "sect163k1", "1.3.132.0.1", 163, 1, 2, 0x03},
    {"K-233", "sect233k1", "1.3.132.0.26", 233, 0, 4, 0x02}, {"K-283", "sect283k1", "1.3.132.0.16", 283, 0, 4, 0x02},
    {"K-409", "sect409k1", "1.3.132.0.36", 409, 0, 4, 0x03}, {"K-571", "sect571k1", "1.3.132.0.38", 571, 0, 4, 0x02},
};

/// The message of the Error(invalid_input) that f throws; "no error" or "other error".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const dstu::Error& e) {
    return e.code() == dstu::Errc::invalid_input ? e.what() : "other error";
  }
  return "no error";
}

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

/// A random k G with 0 < k < n.
ec2m::AffinePoint random_multiple(const Curve& c, dstu::test::TestRng& rng) {
  for (;;) {
    const mp::Nat k = mp::Nat::from_limbs(rng.number(c.order_bits())) % c.order();
    if (!k.is_zero()) return ec2m::mul_base(c, ec2m::scalar_from_nat(k));
  }
}

/// The point (0, sqrt(B)) of order 2 (every curve here has an even cofactor).
ec2m::AffinePoint order_two(const Curve& c) {
  ec2m::AffinePoint t;
  t.y = c.sqrt_b();
  return t;
}

}  // namespace

// First in the file so that, in the default order, the threads build the curves.
TEST_CASE("find_nist from several threads gives one object per curve") {
  std::vector<std::vector<const Curve*>> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([&seen, t] {
      for (const Want& w : kWant) seen[t].push_back(Curve::find_nist(t % 2 ? w.alias : w.oid));
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& s : seen) CHECK(s == Curve::all_nist());
}

TEST_CASE("lookup by name, alias and OID; the DSTU lookups never see a NIST curve") {
  const std::vector<const Curve*> all = Curve::all_nist();
  REQUIRE(all.size() == std::size(kWant));
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Want& w = kWant[i];
    INFO(w.name);
    REQUIRE(all[i] != nullptr);
    CHECK(all[i]->name() == w.name);
    CHECK(all[i]->oid() == w.oid);
    CHECK(all[i]->aliases() == std::vector<std::string>{w.alias});
    CHECK(Curve::find_nist(w.name) == all[i]);
    CHECK(Curve::find_nist(w.alias) == all[i]);
    CHECK(Curve::find_nist(w.oid) == all[i]);
    CHECK(all[i]->m() == w.m);
    CHECK(all[i]->a() == w.a);
    CHECK(all[i]->cofactor() == w.h);
    CHECK_THROWS_AS(Curve::named(w.name), dstu::Error);
    CHECK_THROWS_AS(Curve::named(w.alias), dstu::Error);
    CHECK_THROWS_AS(Curve::named(w.oid), dstu::Error);
  }
  for (const char* unknown : {"", "B-234", "b-233", "sect233r2", "1.3.132.0.2", "1.3.132.0", "P-256", "dstu257",
                              "1.2.804.2.1.1.1.1.3.1.1.2.6"}) {
    CHECK(Curve::find_nist(unknown) == nullptr);
  }
  const std::vector<const Curve*> dstu = Curve::all_named();
  CHECK(dstu.size() == 10);
  for (const Curve* c : dstu) {
    CHECK(c->name().rfind("dstu", 0) == 0);
    CHECK(c->aliases().empty());
    CHECK(std::find(all.begin(), all.end(), c) == all.end());
  }
}

TEST_CASE("every NIST curve passes the checked constructor") {
  // B on the curve, n prime, n G = O, n > 4 sqrt(2^m), the Hasse bound for h n.
  for (const Curve* c : Curve::all_nist()) {
    INFO(c->name());
    const Curve checked(c->spec());
    CHECK(checked.order() == c->order());
    CHECK(ec2m::same_point(checked, checked.generator(), c->generator()));
    CHECK(ec2m::valid_public_point(*c, c->generator()));
  }
  // The checks bite on these parameters too: the wrong cofactor breaks the Hasse bound.
  ec2m::CurveSpec s = Curve::find_nist("B-233")->spec();
  s.cofactor = 4;
  CHECK(has(error_of([&] { Curve{s}; }), "Hasse"));
  s = Curve::find_nist("K-233")->spec();
  s.a = 1;  // G is not on y^2 + xy = x^3 + x^2 + 1
  CHECK(has(error_of([&] { Curve{s}; }), "not on the curve"));
}

TEST_CASE("RFC 6979 A.2.10: the K-283 public key") {
  // RFC 6979 Appendix A.2.10 (ECDSA, 283 bits, binary field, Koblitz curve): U = x G.
  const Curve& c = *Curve::find_nist("K-283");
  const mp::Nat x = mp::Nat::from_hex("06A0777356E87B89BA1ED3A3D845357BE332173C8F7A65BDC7DB4FAB3C4CC79ACC8194E");
  ec2m::AffinePoint u;
  u.x = gf2m::from_hex(c.field(), "25330D0A651D5A20DC6389BC02345117725640AEC3C126612CE444EDD19649BDECC03D6");
  u.y = gf2m::from_hex(c.field(), "505BD60A4B67182474EC4D1C668A73140F70504A68F39EFCD972487E9530E0508A76193");
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("path=" << path);
    CHECK(ec2m::same_point(c, ec2m::mul_base(c, ec2m::scalar_from_nat(x)), u));
    CHECK(ec2m::same_point(c, ec2m::mul(c, ec2m::scalar_from_nat(x), c.generator()), u));
    CHECK(ec2m::same_point(c, ec2m::mul_wnaf_vartime(c, ec2m::scalar_from_nat(x), c.generator()), u));
  });
}

TEST_CASE("SEC 1 encodings of the base points") {
  for (std::size_t i = 0; i < std::size(kWant); ++i) {
    const Curve& c = *Curve::all_nist()[i];
    INFO(c.name());
    const dstu::Bytes x = gf2m::to_bytes_be(c.field(), c.generator().x);
    const dstu::Bytes y = gf2m::to_bytes_be(c.field(), c.generator().y);
    dstu::Bytes want{kWant[i].g_prefix};
    want.insert(want.end(), x.begin(), x.end());
    CHECK(ec2m::encode_point(c, c.generator(), true) == want);
    want[0] = 0x04;
    want.insert(want.end(), y.begin(), y.end());
    CHECK(ec2m::encode_point(c, c.generator(), false) == want);
  }
}

TEST_CASE("SEC 1 round trips on the NIST curves and on DSTU curves") {
  std::vector<const Curve*> curves = Curve::all_nist();
  for (const char* name : {"dstu163", "dstu257", "dstu431"}) curves.push_back(&Curve::named(name));
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    dstu::test::TestRng rng(186);
    for (const Curve* c : curves) {
      INFO(c->name() << " path=" << path);
      const std::size_t l = c->field_bytes();
      for (int i = 0; i < 6; ++i) {
        const ec2m::AffinePoint p = random_multiple(*c, rng);
        const dstu::Bytes full = ec2m::encode_point(*c, p, false);
        const dstu::Bytes packed = ec2m::encode_point(*c, p, true);
        REQUIRE(full.size() == 1 + 2 * l);
        REQUIRE(packed.size() == 1 + l);
        CHECK(full[0] == 0x04);
        CHECK((packed[0] == 0x02 || packed[0] == 0x03));
        CHECK(ec2m::same_point(*c, ec2m::decode_point(*c, full), p));
        CHECK(ec2m::same_point(*c, ec2m::decode_point(*c, packed), p));
        // -P = (x, x + y) has the same x and the other y~ (y/x + 1).
        const dstu::Bytes negated = ec2m::encode_point(*c, ec2m::negate(*c, p), true);
        CHECK(negated[0] == (packed[0] ^ 1));
        CHECK(ec2m::same_point(*c, ec2m::decode_point(*c, negated), ec2m::negate(*c, p)));
      }
    }
  });
}

TEST_CASE("SEC 1 decoding rejects malformed and invalid points") {
  for (const char* name : {"B-233", "K-163", "K-571"}) {
    const Curve& c = *Curve::find_nist(name);
    const auto& f = c.field();
    const std::size_t l = c.field_bytes();
    INFO(name);
    const auto decode = [&](const dstu::Bytes& b) { return error_of([&] { ec2m::decode_point(c, b); }); };
    const dstu::Bytes full = ec2m::encode_point(c, c.generator(), false);
    const dstu::Bytes packed = ec2m::encode_point(c, c.generator(), true);

    CHECK(has(error_of([&] { ec2m::encode_point(c, ec2m::AffinePoint::at_infinity(), true); }), "infinity"));
    CHECK(has(decode({}), "empty"));
    CHECK(has(decode({0x00}), "infinity"));
    CHECK(has(decode(dstu::Bytes(1 + l, 0)), "infinity"));
    // Lengths: one octet short or long, and each prefix with the other's length.
    CHECK(has(decode(dstu::Bytes(full.begin(), full.end() - 1)), "expected"));
    dstu::Bytes longer = packed;
    longer.push_back(0);
    CHECK(has(decode(longer), "expected"));
    dstu::Bytes swapped = full;
    swapped[0] = packed[0];
    CHECK(has(decode(swapped), "expected"));
    swapped = packed;
    swapped[0] = 0x04;
    CHECK(has(decode(swapped), "expected"));
    CHECK(has(decode({0x04}), "expected"));
    // Prefixes: hybrid 06/07 (SEC 1 §2.3.4 allows it only as an option) and others.
    for (std::uint8_t prefix : {0x01, 0x05, 0x06, 0x07, 0x44, 0xFF}) {
      dstu::Bytes b = full;
      b[0] = prefix;
      CHECK(has(decode(b), "prefix"));
    }
    // A bit at x^m in x (both forms) and in y.
    const unsigned top = static_cast<unsigned>(c.m() - 8 * (static_cast<int>(l) - 1));
    if (top < 8) {
      dstu::Bytes b = full;
      b[1] |= static_cast<std::uint8_t>(1u << top);
      CHECK(has(decode(b), "x has bits at or above"));
      b = packed;
      b[1] |= static_cast<std::uint8_t>(0x80);
      CHECK(has(decode(b), "x has bits at or above"));
      b = full;
      b[1 + l] |= static_cast<std::uint8_t>(1u << top);
      CHECK(has(decode(b), "y has bits at or above"));
    }
    // (x, y + 1) is on the curve only for x = 1.
    dstu::Bytes off = full;
    off.back() ^= 1;
    CHECK(has(decode(off), "not on the curve"));
    // A compressed x with no point: Tr(x + A + B/x^2) = 1 for about half of all x.
    int no_point = 0;
    for (std::uint8_t v = 1; v < 40; ++v) {
      dstu::Bytes b(1 + l, 0);
      b[0] = 0x02;
      b[l] = v;
      no_point += has(decode(b), "no point of the curve has this x");
    }
    CHECK(no_point > 0);
    // Points on the curve but not of order n: T = (0, sqrt(B)) of order 2, and G + T.
    const ec2m::AffinePoint t = order_two(c);
    REQUIRE(ec2m::on_curve(c, t));
    CHECK(ec2m::double_vartime(c, t).infinity);
    CHECK(has(decode(ec2m::encode_point(c, t, false)), "not of order n"));
    CHECK(has(decode(ec2m::encode_point(c, t, true)), "not of order n"));
    const ec2m::AffinePoint gt = ec2m::add_vartime(c, c.generator(), t);
    CHECK(has(decode(ec2m::encode_point(c, gt, false)), "not of order n"));
    CHECK(has(decode(ec2m::encode_point(c, gt, true)), "not of order n"));
    // What is left decodes.
    CHECK(decode(full) == "no error");
    CHECK(decode(packed) == "no error");
    CHECK(gf2m::equal(f, ec2m::decode_point(c, packed).y, c.generator().y));
  }
}
