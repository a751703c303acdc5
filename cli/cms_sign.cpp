#include "cms_sign.hpp"

#include <array>
#include <chrono>
#include <variant>

#include "certificate_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "dstu/rng/random.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "http_post.hpp"
#include "key_files.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

/// The largest file signed (held in memory while it is hashed and, attached, copied).
constexpr std::size_t kContentLimit = std::size_t{1} << 30;

/// The imprint hash of a timestamp: --tsa-hash, else the library's default for the key.
std::string timestamp_hash(const pkix::AnyPrivateKey& key, const CmsSignRequest& request) {
  if (!request.tsa_hash.empty()) return request.tsa_hash;
  return pkix::default_timestamp_hash(pkix::public_key(key));
}

/// `p7s` with a signature timestamp (CAdES-T, ETSI EN 319 122-1 §5.3) from the TSA at
/// request.tsa: its imprint over the signer's signature value, a fresh nonce, the
/// TimeStampReq POSTed (RFC 3161 §3.4), the reply checked against the request.
Bytes add_timestamp(const Bytes& p7s, const CmsSignRequest& request, const std::string& hash) {
  const pkix::SignedData signed_data = pkix::read_signed_data(p7s);
  const pkix::MessageImprint imprint = pkix::message_imprint(hash, signed_data.signers.at(0).signature);
  std::array<std::uint8_t, 8> nonce{};
  rng::OsRandom().fill(nonce);
  // Positive and eight octets long as an INTEGER: the top bit clear, the next one set.
  nonce[0] = static_cast<std::uint8_t>((nonce[0] & 0x7f) | 0x40);
  const Bytes reply = http_post({request.tsa, "application/timestamp-query",
                                 {"application/timestamp-reply", "application/timestamp-response"},
                                 std::chrono::seconds(request.tsa_timeout)},
                                pkix::timestamp_request(imprint, nonce));
  try {
    return pkix::add_signature_timestamp(p7s, 0, pkix::read_timestamp_response(reply, imprint, nonce));
  } catch (const Error& e) {
    throw Error(e.code(), request.tsa + ": " + e.what());
  }
}

}  // namespace

int sign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                   const std::optional<pkix::Certificate>& certificate, const CmsSignRequest& request,
                   RandomSource& rng) {
  std::optional<pkix::Certificate> cert = certificate;
  if (!request.certificate.empty()) {
    cert = load_certificate(request.certificate, read_file(request.certificate, kPkiFileLimit));
  }
  if (!cert) throw_invalid("a CMS signature names its signer's certificate: give it with --cert");
  if (!pkix::certificate_has_key(*cert, pkix::public_key(key))) {
    throw_invalid((request.certificate.empty() ? std::string("the container's certificate") : request.certificate) +
                  ": not the certificate of the signing key");
  }
  pkix::CmsSignOptions options;
  options.attached = request.attached;
  options.hash = request.hash;
  for (const std::string& path : request.chain) {
    options.extra_certificates.push_back(load_certificate(path, read_file(path, kPkiFileLimit)));
  }
  Json fields = {{"format", "cms"},
                       {"attached", request.attached},
                       {"hash", pkix::cms_sign_hash(pkix::public_key(key), *cert, request.hash)},
                       {"key_id", key_id_hex(pkix::public_key(key))},
                       {"certificate", {{"subject", pkix::to_string(cert->subject)}, {"serial", to_hex(cert->serial)}}}};
  const std::string tsa_hash = timestamp_hash(key, request);
  if (!request.tsa.empty()) fields["timestamp"] = {{"tsa", request.tsa}, {"hash", tsa_hash}};
  int status = kExitOk;
  for (const std::string& file : request.files) {
    const std::string out = !request.out.empty() ? request.out : file == "-" ? "-" : file + ".p7s";
    std::string error;
    try {
      refuse_existing(out, request.force);
      const Bytes content = read_file(file, kContentLimit);
      Bytes signed_data = pkix::sign_cms(key, *cert, content, options, rng);
      if (!request.tsa.empty()) {
        try {
          signed_data = add_timestamp(signed_data, request, tsa_hash);
        } catch (const std::exception& e) {
          throw_io((file == "-" ? std::string("standard input") : file) + ": no timestamp: " + e.what());
        }
      }
      write_file_atomic(out, signed_data, 0644, request.force ? Overwrite::replace : Overwrite::refuse);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (report_signed(g.json && !g.quiet, file, out, error, fields)) status = kExitError;
  }
  return status;
}

}  // namespace dstu::cli
