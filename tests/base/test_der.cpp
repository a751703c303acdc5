// DER and armor: encodings checked against bytes produced by `openssl asn1parse
// -genstr`, round trips, and every kind of malformed input.
#include <doctest/doctest.h>

#include <cstring>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/base/wipe.hpp"

using dstu::Bytes;
using dstu::from_hex;
using dstu::to_hex;
namespace der = dstu::der;
namespace pem = dstu::pem;

TEST_CASE("OIDs encode as openssl does") {
  // openssl asn1parse -genstr OID:... | xxd -p, tag and length stripped.
  CHECK(to_hex(der::encode_oid("1.2.804.2.1.1.1.1.3.1.1")) == "2a86240201010101030101");
  CHECK(to_hex(der::encode_oid("1.2.804.2.1.1.1.1.3.1.1.2.6")) == "2a862402010101010301010206");
  CHECK(to_hex(der::encode_oid("2.999.1")) == "883701");
  for (const char* oid : {"1.2.804.2.1.1.1.1.3.1.1.1.1", "1.2.840.10045.2.1", "2.5.4.3", "0.0", "2.999.18446744073709551615"}) {
    CHECK(der::decode_oid(der::encode_oid(oid)) == oid);
  }
  for (const char* bad : {"", "1", "3.1", "1.40", "1..2", "1.2.x", "1.2.", "-1.2"}) {
    CHECK_THROWS_AS(der::encode_oid(bad), dstu::Error);
  }
  CHECK_THROWS_AS(der::decode_oid(from_hex("2a86")), dstu::Error);        // truncated arc
  CHECK_THROWS_AS(der::decode_oid(from_hex("2a8001")), dstu::Error);      // leading 0x80
  CHECK_THROWS_AS(der::decode_oid({}), dstu::Error);
}

TEST_CASE("writer: integers, strings, nesting, long lengths") {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(std::uint64_t{0});
  w.integer(std::uint64_t{127});
  w.integer(std::uint64_t{128});
  w.integer(from_hex("0000ff"));
  w.octet_string(Bytes(200, 0xab));
  w.bit_string(from_hex("0102"));
  w.null();
  w.begin(der::context(0));
  w.oid("1.2.3");
  w.end();
  w.end();
  const Bytes out = w.finish();
  const std::string hex = to_hex(out);
  CHECK(hex.rfind("3081", 0) == 0);                 // long form: > 127 octets
  CHECK(hex.find("020100" "02017f" "0202008" "0") == 4 + 2);
  der::Reader r(out);
  der::Reader seq = r.enter(der::kSequence, "seq");
  r.finish("top");
  CHECK(seq.small_integer("a") == 0);
  CHECK(seq.small_integer("b") == 127);
  CHECK(seq.small_integer("c") == 128);
  CHECK(to_hex(seq.integer("d")) == "ff");
  CHECK(seq.octet_string("e") == Bytes(200, 0xab));
  CHECK(to_hex(seq.bit_string("f")) == "0102");
  CHECK(seq.expect(der::kNull, "g").content.empty());
  der::Reader ctx = seq.enter(der::context(0), "h");
  CHECK(ctx.oid("i") == "1.2.3");
  seq.finish("seq");
  der::Writer bad;
  bad.begin(der::kSequence);
  CHECK_THROWS_AS(bad.finish(), dstu::Error);
}

namespace {

/// Reads one element and, for INTEGER and BIT STRING, its value.
void parse_one(const Bytes& in) {
  der::Reader r(in);
  const der::Element e = r.next();
  if (e.tag == der::kInteger) der::Reader(e.encoded).integer("x");
  if (e.tag == der::kBitString) der::Reader(e.encoded).bit_string("x");
}

}  // namespace

TEST_CASE("reader rejects everything that is not DER") {
  const char* cases[] = {
      "",              // nothing
      "30",            // no length
      "3080",          // indefinite length
      "3081050102030405",  // non-minimal long form
      "308200050102030405",
      "3005010203",    // content shorter than its length
      "02020001",      // non-minimal INTEGER (leading 00)
      "0202ff80",      // non-minimal negative
      "020180",        // negative INTEGER
      "0200",          // empty INTEGER
      "03020101",      // BIT STRING with unused bits
      "1f0100",        // multi-byte tag
      "3085ffffffffff00",  // length too large
  };
  for (const char* hex : cases) {
    INFO("input " << hex);
    const Bytes in = from_hex(hex);
    CHECK_THROWS_AS(parse_one(in), dstu::Error);
  }
  const Bytes two_nulls = from_hex("0500" "0500");
  der::Reader trailing(two_nulls);
  trailing.next();
  CHECK_THROWS_AS(trailing.finish("x"), dstu::Error);
  const Bytes one_null = from_hex("0500");
  der::Reader wrong(one_null);
  CHECK_THROWS_AS(wrong.expect(der::kInteger, "x"), dstu::Error);
}

TEST_CASE("Base64: RFC 4648 vectors and errors") {
  const std::pair<const char*, const char*> v[] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},
                                                   {"foo", "Zm9v"},  {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="},
                                                   {"foobar", "Zm9vYmFy"}};
  for (auto [plain, enc] : v) {
    const Bytes p(plain, plain + std::strlen(plain));
    CHECK(pem::base64_encode(p) == enc);
    CHECK(pem::base64_decode(enc) == p);
  }
  CHECK(pem::base64_decode("Zm9v\nYmFy \r\n") == Bytes{'f', 'o', 'o', 'b', 'a', 'r'});
  for (const char* bad : {"Zg=", "Z===", "Zm9v!", "Zg==Zg==", "=Zg=", "Zm=v", "Zm9v===="}) {
    INFO(bad);
    CHECK_THROWS_AS(pem::base64_decode(bad), dstu::Error);
  }
}

TEST_CASE("Base64 (constant time) against the alphabet written out: every character, every length") {
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int c = 0; c < 256; ++c) {
    const std::string text = std::string(1, static_cast<char>(c)) + "AAA";
    const auto at = alphabet.find(static_cast<char>(c));
    INFO("character " << c);
    if (at == std::string::npos) {
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') CHECK_THROWS_AS(pem::base64_decode(text), dstu::Error);
    } else {
      const Bytes got = pem::base64_decode(text);
      REQUIRE(got.size() == 3);
      const std::size_t six = got[0] >> 2;  // the first character's six bits
      CHECK(six == at);
      CHECK(pem::base64_encode(got)[0] == static_cast<char>(c));
    }
  }
  // Round trips of every length 0..99 against a slow encoder.
  std::uint32_t x = 12345;
  for (std::size_t n = 0; n < 100; ++n) {
    Bytes data(n);
    for (auto& b : data) b = static_cast<std::uint8_t>((x = x * 1103515245u + 12345u) >> 16);
    std::string slow;
    for (std::size_t i = 0; i < n; i += 3) {
      const std::uint32_t v = data[i] << 16 | (i + 1 < n ? data[i + 1] << 8 : 0) | (i + 2 < n ? data[i + 2] : 0);
      slow += alphabet[v >> 18 & 63];
      slow += alphabet[v >> 12 & 63];
      slow += i + 1 < n ? alphabet[v >> 6 & 63] : '=';
      slow += i + 2 < n ? alphabet[v & 63] : '=';
    }
    CHECK(pem::base64_encode(data) == slow);
    CHECK(pem::base64_decode(slow) == data);
  }
}

TEST_CASE("armor round trip, headers, and malformed blocks") {
  pem::Block b{"DSTU 4145 SIGNATURE", {{"Curve", "dstu257"}, {"Hash", "gost34311"}}, Bytes(100, 7)};
  const std::string text = pem::encode(b);
  CHECK(text.rfind("-----BEGIN DSTU 4145 SIGNATURE-----\nCurve: dstu257\n", 0) == 0);
  const pem::Block back = pem::decode("\n  " + text + "\n\n");
  CHECK_THROWS_AS(pem::decode("junk before\n" + text), dstu::Error);
  CHECK_THROWS_AS(pem::decode(text + "junk after"), dstu::Error);
  CHECK_THROWS_AS(pem::decode(text + text), dstu::Error);
  CHECK(back.label == b.label);
  CHECK(back.headers == b.headers);
  CHECK(back.data == b.data);
  const pem::Block plain = pem::decode(pem::encode({"PUBLIC KEY", {}, Bytes{1, 2, 3}}));
  CHECK(plain.headers.empty());
  CHECK(plain.data == Bytes{1, 2, 3});
  const Bytes armored(text.begin(), text.end());
  CHECK(pem::looks_armored(armored));
  CHECK_FALSE(pem::looks_armored(Bytes{0x30, 0x82}));
  CHECK_THROWS_AS(pem::decode("no armor here"), dstu::Error);
  CHECK_THROWS_AS(pem::decode("-----BEGIN X-----\nAAAA\n-----END Y-----\n"), dstu::Error);
  CHECK_THROWS_AS(pem::decode("-----BEGIN X-----\nA!AA\n-----END X-----\n"), dstu::Error);
  CHECK_THROWS_AS(pem::decode("-----BEGIN X-----\nName: v\nbad header\n\nAAAA\n-----END X-----\n"), dstu::Error);
}

TEST_CASE("secret forms: the wiping writer, views into the input, secret armor") {
  // finish_secret() and finish() give the same octets; the views are the copies' content.
  auto build = [] {
    der::Writer w;
    w.begin(der::kSequence);
    w.integer(from_hex("00807f"));
    w.octet_string(Bytes(300, 0x5a));  // a long length inserted in front by end()
    w.end();
    return w;
  };
  const Bytes open = build().finish();
  const dstu::SecureBytes secret = build().finish_secret();
  CHECK(open == Bytes(secret.begin(), secret.end()));
  CHECK(to_hex(open).rfind("30820135" "020300807f" "0482012c", 0) == 0);
  der::Reader r(open);
  der::Reader seq = r.enter(der::kSequence, "seq");
  const auto i = seq.integer_view("i");
  CHECK(to_hex(Bytes(i.begin(), i.end())) == "807f");
  CHECK(i.data() >= open.data());  // a view, not a copy
  CHECK(i.data() < open.data() + open.size());
  const auto o = seq.octet_string_view("o");
  CHECK(o.size() == 300);
  CHECK(o.data() == open.data() + open.size() - 300);
  seq.finish("seq");
  const Bytes not_minimal = from_hex("0202007f"), negative = from_hex("0201ff"), short_string = from_hex("0402aa");
  CHECK_THROWS_AS(der::Reader(not_minimal).integer_view("x"), dstu::Error);
  CHECK_THROWS_AS(der::Reader(negative).integer_view("x"), dstu::Error);
  CHECK_THROWS_AS(der::Reader(short_string).octet_string_view("x"), dstu::Error);

  // Secret armor: the same text as encode(), back to the same octets; headers kept.
  for (std::size_t n : {0, 1, 2, 3, 47, 48, 49, 200}) {
    Bytes data(n);
    for (std::size_t k = 0; k < n; ++k) data[k] = static_cast<std::uint8_t>(k * 37 + 11);
    const dstu::SecureBytes text = pem::encode_secret("PRIVATE KEY", data);
    const std::string open_text = pem::encode({"PRIVATE KEY", {}, data});
    CHECK(std::string(text.begin(), text.end()) == open_text);
    const pem::SecretBlock back = pem::decode_secret(open_text);
    CHECK(back.label == "PRIVATE KEY");
    CHECK(Bytes(back.data.begin(), back.data.end()) == data);
    CHECK(pem::base64_decode_secret(pem::base64_encode(data)) == dstu::SecureBytes(data.begin(), data.end()));
  }
  const pem::SecretBlock with_headers =
      pem::decode_secret("-----BEGIN X-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END X-----\n");
  CHECK(with_headers.headers == decltype(with_headers.headers){{"Proc-Type", "4,ENCRYPTED"}});
  CHECK(with_headers.data == dstu::SecureBytes{0, 0, 0});
  CHECK_THROWS_AS(pem::decode_secret("-----BEGIN X-----\nAA!A\n-----END X-----\n"), dstu::Error);
}

TEST_CASE("ScopedWipe zeroes what it names when its scope ends, also by an exception") {
  struct Plain {
    std::uint64_t a[4];
    std::uint8_t b;
  };
  Plain p{{1, 2, 3, 4}, 5};
  std::uint64_t x = 77;
  {
    const dstu::ScopedWipe wipe(p, x);
    CHECK(p.a[3] == 4);  // untouched while the scope lasts
  }
  CHECK(p.a[0] == 0);
  CHECK(p.a[3] == 0);
  CHECK(p.b == 0);
  CHECK(x == 0);
  x = 9;
  try {
    const dstu::ScopedWipe wipe(x);
    throw 1;
  } catch (int) {
  }
  CHECK(x == 0);
}
