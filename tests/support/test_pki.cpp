#include "test_pki.hpp"

#include <ctime>

#include "dstu/base/der.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/key.hpp"

namespace dstu::test {

Bytes der_element(std::uint8_t tag, const Bytes& content);

namespace {

constexpr const char* kDstu4145Gost34311 = "1.2.804.2.1.1.1.1.3.1.1";

std::string generalized_time(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d%H%M%SZ", &tm);
  return buf;
}

void time_element(der::Writer& w, std::int64_t t) {
  const std::string s = generalized_time(t);
  w.raw(der_element(0x18, Bytes(s.begin(), s.end())));
}

void algorithm(der::Writer& w) {
  w.begin(0x30);
  w.oid(kDstu4145Gost34311);
  w.end();
}

/// An Extension: OID, criticality, extnValue wrapping `value`.
void extension(der::Writer& w, const char* oid, bool critical, const Bytes& value) {
  w.begin(0x30);
  w.oid(oid);
  if (critical) w.raw(Bytes{0x01, 0x01, 0xFF});
  w.octet_string(value);
  w.end();
}

Bytes key_usage_value(std::uint16_t bits) {
  // BIT STRING, bit 0 first (the most significant bit of the first octet), no trailing zero bits.
  Bytes octets;
  int last = -1;
  for (int b = 0; b < 9; ++b) {
    if ((bits >> b) & 1) last = b;
  }
  if (last < 0) return der_element(0x03, Bytes{0x00});
  octets.assign(static_cast<std::size_t>(last / 8 + 1), 0);
  for (int b = 0; b <= last; ++b) {
    if ((bits >> b) & 1) octets[static_cast<std::size_t>(b / 8)] |= static_cast<std::uint8_t>(0x80 >> (b % 8));
  }
  Bytes content{static_cast<std::uint8_t>(7 - last % 8)};
  content.insert(content.end(), octets.begin(), octets.end());
  return der_element(0x03, content);
}

Bytes key_id_of(const dstu4145::PublicKey& key) { return pkix::key_id(pkix::AnyPublicKey(key)); }

/// The signed envelope around `tbs`: algorithm, and the signature of its GOST 34.311 digest.
Bytes sign_envelope(const Bytes& tbs, const dstu4145::PrivateKey& issuer_key, RandomSource& rng) {
  const pkix::AnyPublicKey issuer_pub = pkix::public_key(pkix::AnyPrivateKey(issuer_key));
  const auto hasher = pkix::make_hasher(issuer_pub, "gost34311");
  hasher->update(tbs);
  const Bytes digest = hasher->final();
  const dstu4145::Signature sig = dstu4145::sign_digest(issuer_key, digest, rng, 1);
  der::Writer sig_octets;
  sig_octets.octet_string(dstu4145::encode_signature_le(issuer_key.curve(), sig));
  der::Writer w;
  w.begin(0x30);
  w.raw(tbs);
  algorithm(w);
  w.bit_string(sig_octets.finish());
  w.end();
  return w.finish();
}

}  // namespace

Bytes name_der(const std::string& common_name) {
  der::Writer w;
  w.begin(0x30);
  w.begin(0x31);
  w.begin(0x30);
  w.oid("2.5.4.3");
  w.raw(der_element(0x0C, Bytes(common_name.begin(), common_name.end())));
  w.end();
  w.end();
  w.end();
  return w.finish();
}

Bytes der_element(std::uint8_t tag, const Bytes& content) {
  Bytes out{tag};
  const std::size_t n = content.size();
  if (n < 0x80) {
    out.push_back(static_cast<std::uint8_t>(n));
  } else {
    Bytes len;
    for (std::size_t v = n; v != 0; v >>= 8) len.insert(len.begin(), static_cast<std::uint8_t>(v));
    out.push_back(static_cast<std::uint8_t>(0x80 | len.size()));
    out.insert(out.end(), len.begin(), len.end());
  }
  out.insert(out.end(), content.begin(), content.end());
  return out;
}

Bytes issue_certificate(const CertificateSpec& spec, const dstu4145::PublicKey& subject_key,
                        const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, RandomSource& rng) {
  der::Writer exts;
  exts.begin(0x30);
  if (spec.ca || spec.path_len) {
    der::Writer bc;
    bc.begin(0x30);
    if (spec.ca) bc.raw(Bytes{0x01, 0x01, 0xFF});
    if (spec.path_len) bc.integer(static_cast<std::uint64_t>(*spec.path_len));
    bc.end();
    extension(exts, "2.5.29.19", true, bc.finish());
  }
  if (spec.key_usage) extension(exts, "2.5.29.15", true, key_usage_value(*spec.key_usage));
  if (!spec.ext_key_usage.empty()) {
    der::Writer eku;
    eku.begin(0x30);
    for (const std::string& oid : spec.ext_key_usage) eku.oid(oid);
    eku.end();
    extension(exts, "2.5.29.37", true, eku.finish());
  }
  der::Writer ski;
  ski.octet_string(key_id_of(subject_key));
  extension(exts, "2.5.29.14", false, ski.finish());
  der::Writer aki;
  aki.begin(0x30);
  aki.raw(der_element(0x80, key_id_of(issuer_key.public_key())));
  aki.end();
  extension(exts, "2.5.29.35", false, aki.finish());
  exts.end();

  der::Writer tbs;
  tbs.begin(0x30);
  tbs.begin(0xA0);
  tbs.integer(std::uint64_t{2});
  tbs.end();
  tbs.integer(spec.serial);
  algorithm(tbs);
  tbs.raw(name_der(issuer_cn));
  tbs.begin(0x30);
  time_element(tbs, spec.not_before);
  time_element(tbs, spec.not_after);
  tbs.end();
  tbs.raw(name_der(spec.subject));
  tbs.raw(pkix::encode_spki(pkix::AnyPublicKey(subject_key)));
  tbs.begin(0xA3);
  tbs.raw(exts.finish());
  tbs.end();
  tbs.end();
  return sign_envelope(tbs.finish(), issuer_key, rng);
}

Bytes issue_crl(const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, std::int64_t this_update,
                std::int64_t next_update, const std::vector<RevokedEntry>& revoked, std::uint64_t number,
                RandomSource& rng) {
  der::Writer tbs;
  tbs.begin(0x30);
  tbs.integer(std::uint64_t{1});
  algorithm(tbs);
  tbs.raw(name_der(issuer_cn));
  time_element(tbs, this_update);
  time_element(tbs, next_update);
  if (!revoked.empty()) {
    tbs.begin(0x30);
    for (const RevokedEntry& e : revoked) {
      tbs.begin(0x30);
      tbs.integer(e.serial);
      time_element(tbs, e.date);
      if (e.reason) {
        tbs.begin(0x30);
        extension(tbs, "2.5.29.21", false, der_element(0x0A, Bytes{static_cast<std::uint8_t>(*e.reason)}));
        tbs.end();
      }
      tbs.end();
    }
    tbs.end();
  }
  tbs.begin(0xA0);
  tbs.begin(0x30);
  der::Writer aki;
  aki.begin(0x30);
  aki.raw(der_element(0x80, key_id_of(issuer_key.public_key())));
  aki.end();
  extension(tbs, "2.5.29.35", false, aki.finish());
  der::Writer num;
  num.integer(number);
  extension(tbs, "2.5.29.20", false, num.finish());
  tbs.end();
  tbs.end();
  tbs.end();
  return sign_envelope(tbs.finish(), issuer_key, rng);
}

}  // namespace dstu::test
