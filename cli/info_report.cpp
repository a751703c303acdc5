#include "info_report.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "dstu/base/error.hpp"
#include "dstu/pkix/chain.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_choice.hpp"

namespace dstu::cli {
namespace {

Json names(const std::vector<std::string>& list) { return Json(list); }

Json purposes(const std::vector<std::string>& oids) {
  Json list = Json::array();
  for (const std::string& oid : oids) list.push_back(pkix::key_purpose_name(oid));
  return list;
}

std::string algorithm_of(const pkix::AnyPublicKey& key) {
  if (const auto* ec = std::get_if<ecdsa::SchemePublicKey>(&key)) return std::string(ecdsa::scheme_name(ec->scheme));
  if (std::holds_alternative<rsa::PublicKey>(key)) return "rsa";
  return "dstu4145";
}

}  // namespace

Json key_record(const pkix::AnyPublicKey& key) {
  // An RSA key has no curve: its modulus' size and public exponent stand in its place.
  if (const auto* r = std::get_if<rsa::PublicKey>(&key)) {
    return {{"algorithm", "rsa"}, {"bits", r->bits()}, {"e", r->e.to_dec()}, {"key_id", to_hex(pkix::key_id(key))}};
  }
  return {{"algorithm", algorithm_of(key)}, {"curve", pkix::curve_name(key)}, {"key_id", to_hex(pkix::key_id(key))}};
}

Json certificate_record(const pkix::Certificate& c) {
  Json r = {{"subject", pkix::to_string(c.subject)},
            {"issuer", pkix::to_string(c.issuer)},
            {"serial", to_hex(c.serial)},
            {"not_before", pkix::format_time(c.not_before)},
            {"not_after", pkix::format_time(c.not_after)},
            {"signature", pkix::signature_algorithm_name(c.signature_oid, c.signature_parameters)}};
  if (c.public_key) {
    r["key"] = key_record(*c.public_key);
  } else {
    r["key"] = {{"algorithm", c.key_algorithm}, {"unreadable", c.key_error}};
  }
  if (c.drfo) r["drfo"] = *c.drfo;
  if (c.edrpou) r["edrpou"] = *c.edrpou;
  if (c.key_usage) r["key_usage"] = names(pkix::key_usage_names(*c.key_usage));
  if (!c.ext_key_usage.empty()) r["extended_key_usage"] = purposes(c.ext_key_usage);
  if (c.basic_constraints) {
    r["ca"] = c.basic_constraints->ca;
    if (c.basic_constraints->path_len) r["path_length"] = *c.basic_constraints->path_len;
  }
  if (c.subject_key_id) r["subject_key_id"] = to_hex(*c.subject_key_id);
  if (c.authority_key_id) r["authority_key_id"] = to_hex(*c.authority_key_id);
  if (!c.crl_distribution_points.empty()) r["crl_distribution_points"] = c.crl_distribution_points;
  if (!c.qc_statements.empty()) r["qc_statements"] = c.qc_statements;
  if (!c.policies.empty()) r["policies"] = c.policies;
  r["self_issued"] = c.subject.der == c.issuer.der;
  return r;
}

Json crl_record(const pkix::Crl& crl) {
  Json r = {{"issuer", pkix::to_string(crl.issuer)},
            {"this_update", pkix::format_time(crl.this_update)},
            {"next_update", crl.next_update ? Json(pkix::format_time(*crl.next_update)) : Json(nullptr)},
            {"signature", pkix::signature_algorithm_name(crl.signature_oid, crl.signature_parameters)}};
  if (crl.crl_number) r["number"] = to_hex(*crl.crl_number);
  if (crl.delta_base) r["delta_of"] = to_hex(*crl.delta_base);
  if (crl.authority_key_id) r["authority_key_id"] = to_hex(*crl.authority_key_id);
  Json revoked = Json::array();
  for (const pkix::RevokedCertificate& e : crl.revoked) {
    Json entry = {{"serial", to_hex(e.serial)}, {"date", pkix::format_time(e.date)}};
    if (e.reason) entry["reason"] = std::string(pkix::reason_name(*e.reason));
    revoked.push_back(entry);
  }
  r["revoked"] = revoked;
  return r;
}

Json signed_data_record(const pkix::SignedData& sd) {
  Json signers = Json::array();
  for (const pkix::SignerInfo& s : sd.signers) {
    Json r = Json::object();
    if (s.issuer) r["issuer"] = pkix::to_string(*s.issuer);
    if (!s.serial.empty()) r["serial"] = to_hex(s.serial);
    if (s.subject_key_id) r["subject_key_id"] = to_hex(*s.subject_key_id);
    const std::string digest = pkix::cms_digest_name(s.digest_oid);
    r["digest"] = digest.empty() ? s.digest_oid : digest;
    r["signature"] = pkix::signer_algorithm_name(s);
    if (s.signing_time) r["signing_time"] = pkix::format_time(*s.signing_time);
    r["signing_certificate"] = s.signing_certificate.has_value();
    signers.push_back(r);
  }
  Json certs = Json::array();
  for (const pkix::Certificate& c : sd.certificates) certs.push_back(certificate_record(c));
  return {{"content_type", sd.content_type},
          {"attached", sd.content.has_value()},
          {"content_octets", sd.content ? Json(sd.content->size()) : Json(nullptr)},
          {"signers", signers},
          {"certificates", certs}};
}

Json container_record(const pkix::Container& c) {
  Json keys = Json::array();
  std::optional<std::size_t> signing;
  try {
    signing = pkix::choose_signing_key(c, {});
  } catch (const Error&) {
    // Ambiguous or none: no key is marked; dstu sign will ask for --key-id.
  }
  for (std::size_t i = 0; i < c.keys.size(); ++i) {
    const pkix::ContainerKey& k = c.keys[i];
    Json r = key_record(k.public_key);
    if (!k.alias.empty()) r["alias"] = k.alias;
    if (!k.local_key_id.empty()) r["local_key_id"] = to_hex(k.local_key_id);
    r["signs"] = signing == i;
    if (const auto cert = pkix::key_certificate(c, i)) {
      r["certificate"] = {{"subject", pkix::to_string(cert->subject)}, {"serial", to_hex(cert->serial)},
                          {"not_after", pkix::format_time(cert->not_after)}};
      if (cert->key_usage) r["certificate"]["key_usage"] = names(pkix::key_usage_names(*cert->key_usage));
    }
    keys.push_back(r);
  }
  Json certs = Json::array();
  std::vector<Bytes> seen;
  const auto add = [&](const Bytes& der) {
    if (std::find(seen.begin(), seen.end(), der) != seen.end()) return;
    seen.push_back(der);
    try {
      certs.push_back(certificate_record(pkix::read_certificate(der)));
    } catch (const Error& e) {
      certs.push_back({{"unreadable", e.what()}});
    }
  };
  for (const pkix::ContainerKey& k : c.keys) {
    for (const Bytes& der : k.chain) add(der);
  }
  for (const Bytes& der : c.certificates) add(der);
  return {{"format", std::string(pkix::container_format_name(c.format))}, {"keys", keys}, {"certificates", certs}};
}

void print_record_text(const Json& record, int indent) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  for (const auto& [name, value] : record.items()) {
    if (value.is_object()) {
      fmt::print("{}{}:\n", pad, name);
      print_record_text(value, indent + 2);
    } else if (value.is_array() && !value.empty() && value.front().is_object()) {
      fmt::print("{}{}: {}\n", pad, name, value.size());
      for (std::size_t i = 0; i < value.size(); ++i) {
        fmt::print("{}  [{}]\n", pad, i + 1);
        print_record_text(value[i], indent + 4);
      }
    } else if (value.is_array()) {
      std::string line;
      for (const Json& v : value) line += (line.empty() ? "" : ", ") + (v.is_string() ? v.get<std::string>() : v.dump());
      fmt::print("{}{}: {}\n", pad, name, value.empty() ? "none" : line);
    } else {
      fmt::print("{}{}: {}\n", pad, name, value.is_string() ? value.get<std::string>() : value.dump());
    }
  }
}

}  // namespace dstu::cli
