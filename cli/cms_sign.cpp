#include "cms_sign.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <unordered_set>
#include <variant>

#include "certificate_files.hpp"
#include "cms_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "dstu/rng/random.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "http_post.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "window.hpp"

namespace dstu::cli {
namespace {

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

/// What every file of a run is signed with.
struct Signer {
  const pkix::AnyPrivateKey& key;
  const pkix::Certificate& cert;
  const pkix::CmsSignOptions& options;
  const CmsSignRequest& request;
  const std::string& tsa_hash;
  RandomSource& rng;

  /// The SignedData of `file`, not yet timestamped or written; refused first when `out`
  /// is in the way.
  Bytes sign(const std::string& file, const std::string& out) const {
    refuse_existing(out, request.force);
    const Bytes content = read_file(file, kCmsContentLimit);
    return pkix::sign_cms(key, cert, content, options, rng);
  }

  /// Timestamps `signed_data` (with --tsa) and writes it to `out`; nothing is written
  /// when the timestamp fails.
  void finish(const std::string& file, const std::string& out, Bytes signed_data) const {
    if (!request.tsa.empty()) {
      try {
        signed_data = add_timestamp(signed_data, request, tsa_hash);
      } catch (const std::exception& e) {
        throw_io((file == "-" ? std::string("standard input") : file) + ": no timestamp: " + e.what());
      }
    }
    write_file_atomic(out, signed_data, 0644, request.force ? Overwrite::replace : Overwrite::refuse);
  }
};

/// A file of a window: where it goes, its error ("" = signed), and its SignedData
/// while it waits for its timestamp.
struct Slot {
  std::string file, out, error;
  Bytes signed_data;
  /// Done whole in input order: it writes standard output, or its output names an
  /// earlier file of the window (input or output, as given), or its input an earlier
  /// output, so that the files on disk are those one file at a time would leave.
  bool ordered = false;
};

/// The files of a window, each with its output and whether it must be done in order.
std::vector<Slot> window_slots(const CmsSignRequest& request, std::size_t begin, std::size_t end) {
  std::vector<Slot> slots;
  std::unordered_set<std::string> touched, outputs;
  for (std::size_t i = begin; i < end; ++i) {
    const std::string& file = request.files[i];
    Slot s;
    s.file = file;
    s.out = !request.out.empty() ? request.out : file == "-" ? "-" : file + ".p7s";
    s.ordered = s.out == "-" || touched.contains(s.out) || outputs.contains(file);
    touched.insert({file, s.out});
    outputs.insert(s.out);
    slots.push_back(std::move(s));
  }
  return slots;
}

/// Signs the window's files on `threads` threads and reports them in input order (the
/// thread that finds a file and every earlier one done reports them, timestamping and
/// writing first what waits for that); returns true if any failed. Without --tsa a file
/// is written by the thread that signed it.
bool sign_window(const GlobalOptions& g, const Signer& signer, std::vector<Slot>& slots, const Json& fields,
                 int threads) {
  const bool timestamps = !signer.request.tsa.empty();
  bool failed = false;
  InOrder order(slots.size(), [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      Slot& s = slots[i];
      try {
        if (s.ordered) {
          signer.finish(s.file, s.out, signer.sign(s.file, s.out));
        } else if (s.error.empty() && timestamps) {
          signer.finish(s.file, s.out, std::move(s.signed_data));
        }
      } catch (const std::exception& e) {
        s.error = e.what();
      }
      s.signed_data = Bytes();
      if (report_signed(g.json && !g.quiet, s.file, s.out, s.error, fields)) failed = true;
    }
  });
  const auto work = [&](std::size_t i) {
    Slot& s = slots[i];
    if (!s.ordered) {
      try {
        Bytes signed_data = signer.sign(s.file, s.out);
        if (timestamps) {
          s.signed_data = std::move(signed_data);
        } else {
          signer.finish(s.file, s.out, std::move(signed_data));
        }
      } catch (const std::exception& e) {
        s.error = e.what();
      }
    }
    order.done(i);
  };
  // One thread, or one file: on the caller, whose sign_cms may then split its own
  // scalar multiplication on the team.
  if (threads <= 1 || slots.size() == 1) {
    for (std::size_t i = 0; i < slots.size(); ++i) work(i);
  } else {
    parallel::for_each(slots.size(), threads, work);
  }
  order.rethrow();
  return failed;
}

}  // namespace

int sign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                   const std::optional<pkix::Certificate>& certificate, const CmsSignRequest& request,
                   RandomSource& rng) {
  const std::optional<pkix::Certificate> cert = cms_signer_certificate(key, certificate, request.certificate);
  pkix::CmsSignOptions options;
  options.attached = request.attached;
  options.hash = request.hash;
  options.extra_certificates = cms_chain(request.chain);
  options.rsa_scheme = request.rsa_scheme;
  Json fields = cms_signer_fields(pkix::public_key(key), *cert, options);
  fields["attached"] = request.attached;
  const std::string tsa_hash = timestamp_hash(key, request);
  if (!request.tsa.empty()) fields["timestamp"] = {{"tsa", request.tsa}, {"hash", tsa_hash}};
  const Signer signer{key, *cert, options, request, tsa_hash, rng};
  const int threads = std::max(request.threads, 1);
  int status = kExitOk;
  // A window closes at its count alone: each file is reported as soon as it and every
  // earlier one are done, so a window of large files needs no early close (nor a stat
  // of every file to find one).
  for (std::size_t begin = 0, end = 0; begin < request.files.size(); begin = end) {
    end = std::min(request.files.size(), begin + WindowFill::kMaxRequests);
    std::vector<Slot> slots = window_slots(request, begin, end);
    if (sign_window(g, signer, slots, fields, threads)) status = kExitError;
  }
  return status;
}

}  // namespace dstu::cli
