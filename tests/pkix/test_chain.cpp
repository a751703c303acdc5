// Certification paths (dstu/pkix/chain.hpp). DSTU 4145: the PrivatBank-style JKS of
// dstu-engine's tests (test-vectors/pki/containers, README.md there) holds the central
// certification authority's root of its 2017 key, the tax-service CA "КНЕДП - ІДД ДПС"
// under it and a test payer under that; the Ministry of Justice CA under the 2012 root
// (jkurwa's and BouncyCastle's fixtures, test-vectors/pki/certs). ECDSA: paths and CRLs
// that OpenSSL wrote by test-vectors/pki/chain/make.sh (each verdict, revocation by full
// and delta CRLs, CRLs not used), and the CRL fixture of test_crl.cpp.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "dstu/pkix/chain.hpp"
#include "dstu/pkix/container.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;

namespace {

Bytes file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

pkix::Certificate cert(const char* dir, const std::string& name) {
  return pkix::read_certificate(file(std::string(dir) + "/" + name));
}

pkix::Certificate ecdsa(const std::string& name) { return cert(DSTU_PKI_CHAIN, name); }
pkix::Crl ecdsa_crl(const std::string& name) { return pkix::read_crl(file(std::string(DSTU_PKI_CHAIN) + "/" + name)); }

/// Seconds since the epoch of a UTC date (days from the civil calendar, H. Hinnant's
/// algorithm).
std::int64_t utc(int y, unsigned m, unsigned d, unsigned hh = 0, unsigned mm = 0, unsigned ss = 0) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = era * 146097 + static_cast<std::int64_t>(doe) - 719468;
  return days * 86400 + hh * 3600 + mm * 60 + ss;
}

/// The JKS fixture's chain: root, tax-service CA, payer.
std::vector<pkix::Certificate> jks_chain() {
  const Bytes store = file(std::string(DSTU_CONTAINER_FIXTURES) + "/key.jks");
  const pkix::Container c =
      pkix::read_container(store, Bytes{'1', '2', '3', '4', '5', '6'}, Bytes{'q', 'w', 'e', 'r', 't', 'y'});
  REQUIRE(c.certificates.size() == 3);
  std::vector<pkix::Certificate> chain;
  for (const Bytes& der : c.certificates) chain.push_back(pkix::read_certificate(der));
  return chain;
}

pkix::ChainOptions at(std::int64_t t, std::uint16_t usage = 0, bool require_crl = false) {
  pkix::ChainOptions o;
  o.at = t;
  o.end_usage = usage;
  o.require_crl = require_crl;
  return o;
}

bool has_note(const pkix::ChainResult& r, const std::string& part) {
  for (const auto& n : r.notes) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

bool says(const pkix::ChainResult& r, const std::string& part) { return r.reason.find(part) != std::string::npos; }

/// The ECDSA store: root anchor, the intermediate, the intermediate's CRLs named.
pkix::TrustStore ecdsa_store(std::initializer_list<const char*> crls = {}) {
  pkix::TrustStore s;
  s.anchors = {ecdsa("root.pem")};
  s.intermediates = {ecdsa("int.pem")};
  for (const char* name : crls) s.crls.push_back(ecdsa_crl(name));
  return s;
}

}  // namespace

TEST_CASE("format_time") {
  CHECK(pkix::format_time(0) == "1970-01-01 00:00:00 UTC");
  CHECK(pkix::format_time(utc(2021, 11, 20, 22)) == "2021-11-20 22:00:00 UTC");
  CHECK(utc(2024, 2, 29, 1, 2, 3) == 1709168523);
}

TEST_CASE("DSTU 4145: the JKS payer through the tax-service CA to the central authority's root") {
  const auto chain = jks_chain();
  pkix::TrustStore store;
  store.anchors = {chain[0]};
  store.intermediates = {chain[1]};
  const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
  CHECK(r.verdict == pkix::ChainVerdict::valid);
  CHECK(r.reason.empty());
  REQUIRE(r.path.size() == 3);
  CHECK(r.path[0].cert == &chain[2]);
  CHECK(r.path[1].cert == &store.intermediates[0]);
  CHECK(r.path[2].cert == &store.anchors[0]);
  CHECK(r.path[2].anchor);
  CHECK(!r.path[0].anchor);
  CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
  // No CRLs given: both non-anchors noted, with the distribution point the payer names.
  CHECK(has_note(r, "revocation of 'CN=Нестеренко Володимир Борисович (Тест)' not checked"));
  CHECK(has_note(r, "http://acskidd.gov.ua/download/crls/CA-D8E2D9E7-Full.crl"));
  CHECK(has_note(r, "revocation of 'CN=КНЕДП - ІДД ДПС' not checked"));

  // The payer's certificate is for key agreement only.
  CHECK(pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1), pkix::kKeyAgreement)).verdict ==
        pkix::ChainVerdict::valid);
  const auto signing =
      pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1), pkix::kDigitalSignature | pkix::kNonRepudiation));
  CHECK(signing.verdict == pkix::ChainVerdict::invalid);
  CHECK(says(signing, "lacks the key usage required (digitalSignature or nonRepudiation)"));
  // Requiring CRLs, none given.
  const auto crls = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1), 0, true));
  CHECK(crls.verdict == pkix::ChainVerdict::invalid);
  CHECK(says(crls, "could not be checked"));
}

TEST_CASE("DSTU 4145: the JKS chain refused") {
  const auto chain = jks_chain();
  pkix::TrustStore store;
  store.anchors = {chain[0]};
  store.intermediates = {chain[1]};

  SUBCASE("after the payer's certificate expired") {
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2022, 1, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=Нестеренко Володимир Борисович (Тест)' expired on 2021-11-20 22:00:00 UTC");
    CHECK(r.path.size() == 3);
  }
  SUBCASE("before it was issued") {
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2019, 10, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "is not yet valid (valid from 2019-11-20 22:00:00 UTC)"));
  }
  SUBCASE("without the intermediate") {
    store.intermediates.clear();
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::no_path);
    CHECK(r.path.empty());
    CHECK(r.reason == "no trust anchor for 'CN=Нестеренко Володимир Борисович (Тест)': issuer 'CN=КНЕДП - ІДД ДПС' "
                      "not among the certificates given");
  }
  SUBCASE("under the 2012 root, which did not issue the tax-service CA") {
    // CZOROOT.cer (the same octets as uaczo1.cer) is the root of the central
    // authority's 2012 key: its name differs from the 2017 root's in serialNumber.
    store.anchors = {cert(DSTU_PKI_CERTS, "CZOROOT.cer"), cert(DSTU_PKI_CERTS, "uaczo2.cer")};
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::no_path);
    CHECK(says(r, "issuer 'CN=Центральний засвідчувальний орган' not among the certificates given"));
  }
  SUBCASE("a changed octet in the intermediate's signature") {
    store.intermediates[0].signature.back() ^= 0x01;
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::no_path);
    CHECK(r.reason == "signature of 'CN=КНЕДП - ІДД ДПС' does not verify under 'CN=Центральний засвідчувальний орган'");
  }
  SUBCASE("a changed octet in the root's self-signature") {
    store.anchors[0].signature.back() ^= 0x01;
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "the self-signature of anchor 'CN=Центральний засвідчувальний орган' does not verify"));
  }
}

TEST_CASE("DSTU 4145: anchors alone, and the certificates of test-vectors/pki/certs") {
  const auto chain = jks_chain();
  const auto root2012 = cert(DSTU_PKI_CERTS, "CZOROOT.cer");
  const auto justice = cert(DSTU_PKI_CERTS, "CA-Justice.cer");
  SUBCASE("a leaf that is an anchor is a path of one") {
    pkix::TrustStore store;
    store.anchors = {chain[2]};
    const auto r = pkix::verify_chain(chain[2], store, at(utc(2020, 6, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    REQUIRE(r.path.size() == 1);
    CHECK(r.path[0].anchor);
    CHECK(r.path[0].cert == &chain[2]);
    store.anchors = {chain[0]};
    CHECK(pkix::verify_chain(chain[0], store, at(utc(2020, 6, 1))).verdict == pkix::ChainVerdict::valid);
    // A self-signed root the user did not name as an anchor.
    store.anchors = {root2012};
    const auto none = pkix::verify_chain(chain[0], store, at(utc(2020, 6, 1)));
    CHECK(none.verdict == pkix::ChainVerdict::no_path);
  }
  SUBCASE("the Ministry of Justice CA under the 2012 root") {
    pkix::TrustStore store;
    store.anchors = {cert(DSTU_PKI_CERTS, "uaczo2.cer"), chain[0], cert(DSTU_PKI_CERTS, "uaczo1.cer")};
    const auto r = pkix::verify_chain(justice, store, at(utc(2018, 1, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    REQUIRE(r.path.size() == 2);
    CHECK(r.path[1].cert == &store.anchors[2]);
    const auto late = pkix::verify_chain(justice, store, at(utc(2021, 1, 1)));
    CHECK(late.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(late, "expired on 2020-12-18 14:00:00 UTC"));
    // The 2012 root expired in 2022: at 2023 the path fails at the anchor.
    store.anchors = {root2012};
    CHECK(pkix::verify_chain(root2012, store, at(utc(2023, 1, 1))).verdict == pkix::ChainVerdict::invalid);
  }
  SUBCASE("issuers not among the files: the tax-service and the ECDSA Justice certificates") {
    pkix::TrustStore store;
    store.anchors = {root2012, chain[0]};
    store.intermediates = {chain[1], justice};
    for (const char* name : {"SFS_1.cer", "CA-Justice-ECDSA-261217.cer"}) {
      const auto r = pkix::verify_chain(cert(DSTU_PKI_CERTS, name), store, at(utc(2018, 1, 1)));
      CHECK(r.verdict == pkix::ChainVerdict::no_path);
      CHECK(says(r, "not among the certificates given"));
    }
  }
  SUBCASE("jkurwa's self-signed certificate as its own anchor") {
    pkix::TrustStore store;
    store.anchors = {cert(DSTU_PKI_CERTS, "SELF_SIGNED1.cer")};
    CHECK(pkix::verify_chain(store.anchors[0], store, at(utc(2020, 1, 1))).verdict == pkix::ChainVerdict::valid);
  }
}

TEST_CASE("ECDSA: a good path, with and without CRLs") {
  const auto leaf = ecdsa("leaf.pem");
  auto store = ecdsa_store({"int.crl.pem", "root.crl.pem"});
  const auto r = pkix::verify_chain(leaf, store, at(utc(2025, 7, 15), pkix::kNonRepudiation, true));
  CHECK(r.verdict == pkix::ChainVerdict::valid);
  REQUIRE(r.path.size() == 3);
  CHECK(r.path[0].revocation == pkix::RevocationStatus::good);
  CHECK(r.path[1].revocation == pkix::RevocationStatus::good);
  CHECK(r.notes.empty());
  CHECK(pkix::verify_chain(leaf, store, at(utc(2025, 7, 15), pkix::kKeyAgreement)).verdict ==
        pkix::ChainVerdict::invalid);
  // A CRL issued after the time checked (a signing time checked later) is used: at
  // 2025-06-15 the leaf is checked by the intermediate's later CRL, and good.
  const auto early = pkix::verify_chain(leaf, store, at(utc(2025, 6, 15)));
  CHECK(early.verdict == pkix::ChainVerdict::valid);
  CHECK(early.path[0].revocation == pkix::RevocationStatus::good);
  CHECK(pkix::verify_chain(leaf, store, at(utc(2025, 6, 15), 0, true)).verdict == pkix::ChainVerdict::valid);
}

TEST_CASE("ECDSA: each certificate that fails a check") {
  auto store = ecdsa_store();
  const auto t = at(utc(2025, 7, 15));
  SUBCASE("expired") {
    const auto r = pkix::verify_chain(ecdsa("leaf-expired.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=dstu test expired leaf' expired on 2024-06-01 00:00:00 UTC");
  }
  SUBCASE("an issuer without cA") {
    store.intermediates.push_back(ecdsa("notca.pem"));
    const auto r = pkix::verify_chain(ecdsa("leaf-notca.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=dstu test not-CA intermediate' is not a CA (basicConstraints cA is not set) "
                      "but issued 'CN=dstu test leaf under not-CA'");
  }
  SUBCASE("an issuer without keyCertSign") {
    store.intermediates.push_back(ecdsa("nokcs.pem"));
    const auto r = pkix::verify_chain(ecdsa("leaf-nokcs.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "'CN=dstu test no-keyCertSign intermediate' may not sign certificates"));
  }
  SUBCASE("pathLenConstraint 0 over another CA") {
    store.intermediates = {ecdsa("sub.pem"), ecdsa("pl0.pem")};
    const auto r = pkix::verify_chain(ecdsa("leaf-pathlen.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    REQUIRE(r.path.size() == 4);
    CHECK(r.reason == "certificate 'CN=dstu test pathlen-0 intermediate' allows 0 CA certificates below it "
                      "(pathLenConstraint), the path has 1");
    // The CA under it issues directly: that path is valid.
    CHECK(pkix::verify_chain(store.intermediates[0], store, t).verdict == pkix::ChainVerdict::valid);
  }
  SUBCASE("an issuer whose name matches but whose key did not sign") {
    // The not-CA intermediate renamed as the intermediate: its key does not verify the leaf.
    auto impostor = ecdsa("notca.pem");
    impostor.subject = store.intermediates[0].subject;
    impostor.subject_key_id.reset();
    store.intermediates.insert(store.intermediates.begin(), impostor);
    const auto r = pkix::verify_chain(ecdsa("leaf.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[1].cert == &store.intermediates[1]);
    store.intermediates.pop_back();
    const auto bad = pkix::verify_chain(ecdsa("leaf.pem"), store, t);
    CHECK(bad.verdict == pkix::ChainVerdict::no_path);
    CHECK(bad.reason == "signature of 'CN=dstu test leaf' does not verify under 'CN=dstu test intermediate'");
  }
  SUBCASE("a valid path is preferred to an invalid one") {
    // The same intermediate twice, once with its validity moved out of the time checked.
    auto old = store.intermediates[0];
    old.not_after = utc(2025, 1, 1);
    old.der.push_back(0);  // another certificate to the loop check
    store.intermediates.insert(store.intermediates.begin(), old);
    const auto r = pkix::verify_chain(ecdsa("leaf.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[1].cert == &store.intermediates[1]);
    store.intermediates.pop_back();
    const auto bad = pkix::verify_chain(ecdsa("leaf.pem"), store, t);
    CHECK(bad.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(bad, "'CN=dstu test intermediate' expired on 2025-01-01 00:00:00 UTC"));
  }
}

TEST_CASE("ECDSA: revocation by the intermediate's CRL") {
  const auto revoked = ecdsa("leaf-revoked.pem");
  SUBCASE("revoked for keyCompromise before the time checked") {
    auto store = ecdsa_store({"int.crl.pem", "int-stale.crl.pem"});
    const auto r = pkix::verify_chain(revoked, store, at(utc(2025, 7, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=dstu test revoked leaf' was revoked on 2025-06-01 00:00:00 UTC (keyCompromise)");
    REQUIRE(r.path.size() == 3);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::revoked);
    CHECK(r.path[0].revoked_at == utc(2025, 6, 1));
    CHECK(r.path[0].revocation_reason == 1);
    CHECK(r.path[1].revocation == pkix::RevocationStatus::not_checked);  // no root CRL given
    CHECK(has_note(r, "CRL of 'CN=dstu test intermediate' issued 2025-01-01 00:00:00 UTC not used: not current at "
                      "2025-07-15 00:00:00 UTC (next update due 2025-02-01 00:00:00 UTC)"));
  }
  SUBCASE("revocation dated after the time checked: good, noted") {
    auto store = ecdsa_store({"int-ahead.crl.pem"});
    const auto r = pkix::verify_chain(revoked, store, at(utc(2025, 5, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::good);
    CHECK(has_note(r, "was revoked on 2025-06-01 00:00:00 UTC (keyCompromise), after 2025-05-15 00:00:00 UTC"));
    CHECK(pkix::verify_chain(revoked, store, at(utc(2025, 6, 2))).verdict == pkix::ChainVerdict::invalid);
  }
  SUBCASE("only a CRL that is not current: not checked, noted") {
    auto store = ecdsa_store({"int-stale.crl.pem"});
    const auto r = pkix::verify_chain(revoked, store, at(utc(2025, 7, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
    CHECK(has_note(r, "not current at"));
    CHECK(has_note(r, "revocation of 'CN=dstu test revoked leaf' not checked"));
    const auto strict = pkix::verify_chain(revoked, store, at(utc(2025, 7, 15), 0, true));
    CHECK(strict.verdict == pkix::ChainVerdict::invalid);
    CHECK(strict.reason == "revocation of 'CN=dstu test revoked leaf' could not be checked (no usable CRL of "
                           "'CN=dstu test intermediate') and CRLs are required");
    // The stale CRL is current in January.
    CHECK(pkix::verify_chain(revoked, store, at(utc(2025, 1, 15))).path[0].revocation == pkix::RevocationStatus::good);
  }
  SUBCASE("a CRL whose signature does not verify is not used") {
    auto store = ecdsa_store({"int.crl.pem"});
    store.crls[0].signature[10] ^= 0x01;
    const auto r = pkix::verify_chain(revoked, store, at(utc(2025, 7, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
    CHECK(has_note(r, "not used: its signature does not verify"));
  }
  SUBCASE("a CRL of another CA of the same name is not used") {
    auto store = ecdsa_store({"int.crl.pem"});
    store.crls[0].authority_key_id = Bytes(20, 0x55);
    const auto r = pkix::verify_chain(revoked, store, at(utc(2025, 7, 15)));
    CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
  }
  SUBCASE("the CRL fixture of test_crl.cpp: user1 revoked for keyCompromise") {
    pkix::TrustStore store;
    store.anchors = {cert(DSTU_PKI_CRL, "ecdsa-ca.cer")};
    store.crls = {pkix::read_crl(file(std::string(DSTU_PKI_CRL) + "/ecdsa.crl"))};
    const auto r = pkix::verify_chain(cert(DSTU_PKI_CRL, "ecdsa-user1.pem"), store, at(utc(2026, 12, 1)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=user1' was revoked on 2026-11-27 14:16:20 UTC (keyCompromise)");
  }
}

TEST_CASE("ECDSA: a delta CRL on its base") {
  const auto t = at(utc(2025, 8, 15));
  const auto held = ecdsa("leaf-held.pem");
  const auto superseded = ecdsa("leaf-superseded.pem");
  SUBCASE("the base alone") {
    auto store = ecdsa_store({"int.crl.pem"});
    const auto r = pkix::verify_chain(held, store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(r.reason == "certificate 'CN=dstu test held leaf' was revoked on 2025-03-01 00:00:00 UTC (certificateHold)");
    CHECK(pkix::verify_chain(superseded, store, t).verdict == pkix::ChainVerdict::valid);
  }
  SUBCASE("base and delta: the hold removed, another revoked") {
    auto store = ecdsa_store({"int-delta.crl.pem", "int.crl.pem"});
    const auto r = pkix::verify_chain(held, store, t);
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::good);
    const auto s = pkix::verify_chain(superseded, store, t);
    CHECK(s.verdict == pkix::ChainVerdict::invalid);
    CHECK(s.reason == "certificate 'CN=dstu test superseded leaf' was revoked on 2025-07-01 00:00:00 UTC (superseded)");
    CHECK(pkix::verify_chain(ecdsa("leaf-revoked.pem"), store, t).verdict == pkix::ChainVerdict::invalid);
  }
  SUBCASE("a delta without a usable base is not used") {
    auto store = ecdsa_store({"int-delta.crl.pem", "int-stale.crl.pem"});
    const auto r = pkix::verify_chain(superseded, store, t);
    CHECK(r.verdict == pkix::ChainVerdict::valid);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
    CHECK(has_note(r, "delta CRL of 'CN=dstu test intermediate' issued 2025-08-01 00:00:00 UTC not used"));
  }
  SUBCASE("a removal dated after the time checked leaves the hold in force") {
    auto store = ecdsa_store({"int-delta.crl.pem", "int.crl.pem"});
    const auto r = pkix::verify_chain(held, store, at(utc(2025, 7, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "(certificateHold)"));
    CHECK(has_note(r, "released from hold on 2025-08-01 00:00:00 UTC"));
  }
  SUBCASE("a delta not newer than the complete CRL is not used") {
    auto store = ecdsa_store({"int-delta.crl.pem", "int.crl.pem"});
    // The complete CRL read as if numbered after the delta (a filter on the parsed
    // field; its signature covers the octets as issued).
    for (auto& crl : store.crls) {
      if (!crl.is_delta()) crl.crl_number = dstu::Bytes{0x10, 0x02};
    }
    const auto r = pkix::verify_chain(held, store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(has_note(r, "not newer than the complete CRL"));
  }
}

// RFC 5280 §6.1.4(o) and §5: what a path check does not process must not be passed over.
// The parsed fields are changed in memory (filters; the signatures cover the octets as
// issued, and the checks below do not depend on them).
TEST_CASE("ECDSA: critical extensions not processed, CRLs of limited scope, cRLSign, invalidity dates") {
  const auto t = at(utc(2025, 8, 15));
  SUBCASE("a certificate with a critical nameConstraints fails the path") {
    auto store = ecdsa_store();
    store.intermediates[0].extensions.push_back({"2.5.29.30", true, {}});
    const auto r = pkix::verify_chain(ecdsa("leaf.pem"), store, t);
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "critical extension 2.5.29.30"));
    store.intermediates[0].extensions.back().critical = false;
    CHECK(pkix::verify_chain(ecdsa("leaf.pem"), store, t).verdict == pkix::ChainVerdict::valid);
  }
  SUBCASE("a CRL with an issuingDistributionPoint or an unknown critical extension is not used") {
    for (const char* oid : {"2.5.29.28", "1.2.3.4"}) {
      auto store = ecdsa_store({"int.crl.pem"});
      store.crls[0].extensions.push_back({oid, true, {}});
      const auto r = pkix::verify_chain(ecdsa("leaf-revoked.pem"), store, t);
      CHECK(r.verdict == pkix::ChainVerdict::valid);
      CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
      CHECK(has_note(r, "not used: "));
    }
  }
  SUBCASE("a CRL whose issuer may not sign CRLs is not used") {
    auto store = ecdsa_store({"int.crl.pem"});
    REQUIRE(store.intermediates[0].key_usage);
    *store.intermediates[0].key_usage &= static_cast<std::uint16_t>(~pkix::kCrlSign);
    const auto r = pkix::verify_chain(ecdsa("leaf-revoked.pem"), store, t);
    CHECK(r.path[0].revocation == pkix::RevocationStatus::not_checked);
    CHECK(has_note(r, "lacks cRLSign"));
  }
  SUBCASE("a key compromise counts from its invalidity date") {
    auto store = ecdsa_store({"int.crl.pem"});
    const auto leaf = ecdsa("leaf-revoked.pem");
    for (auto& e : store.crls[0].revoked) {
      if (e.serial == leaf.serial) e.invalidity_date = utc(2025, 5, 1);
    }
    const auto r = pkix::verify_chain(leaf, store, at(utc(2025, 5, 15)));
    CHECK(r.verdict == pkix::ChainVerdict::invalid);
    CHECK(says(r, "its key compromised from 2025-05-01 00:00:00 UTC"));
    CHECK(pkix::verify_chain(leaf, store, at(utc(2025, 4, 15))).verdict == pkix::ChainVerdict::valid);
  }
}

TEST_CASE("a SignatureMemo gives the answers verify_chain gives without one, at every time") {
  const auto revoked = ecdsa("leaf-revoked.pem");
  const auto good = ecdsa("leaf.pem");
  auto store = ecdsa_store({"int.crl.pem", "int-ahead.crl.pem", "int-stale.crl.pem"});
  pkix::SignatureMemo memo;
  for (const pkix::Certificate* leaf : {&revoked, &good}) {
    for (const std::int64_t t : {utc(2024, 6, 1), utc(2025, 1, 15), utc(2025, 5, 15), utc(2025, 6, 2), utc(2025, 7, 15),
                                 utc(2040, 1, 1)}) {
      const pkix::ChainResult plain = pkix::verify_chain(*leaf, store, at(t));
      pkix::ChainOptions options = at(t);
      options.memo = &memo;
      for (int round = 0; round < 2; ++round) {  // the second from the memo alone
        const pkix::ChainResult remembered = pkix::verify_chain(*leaf, store, options);
        CHECK(remembered.verdict == plain.verdict);
        CHECK(remembered.reason == plain.reason);
        CHECK(remembered.notes == plain.notes);
      }
    }
  }
  // A changed signature octet is a different signed object: not taken from the memo.
  pkix::Certificate forged = good;
  forged.der.back() ^= 1;
  forged.signature.back() ^= 1;
  pkix::ChainOptions options = at(utc(2025, 1, 15));
  options.memo = &memo;
  CHECK(pkix::verify_chain(forged, store, options).verdict != pkix::ChainVerdict::valid);
}
