#include "certificate_files.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string_view>

#include "dstu/base/error.hpp"
#include "dstu/pkix/bundle.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "files.hpp"

namespace dstu::cli {
namespace {

/// The certificates and CRLs of one file, whatever its kind (a key file is refused).
pkix::Bundle read_pki_file(const std::string& path) {
  const Bytes data = read_file(path, kPkiFileLimit);
  try {
    switch (pkix::file_kind(data)) {
      case pkix::FileKind::certificate: return {{pkix::read_certificate(data)}, {}};
      case pkix::FileKind::crl: return {{}, {pkix::read_crl(data)}};
      case pkix::FileKind::bundle:
      case pkix::FileKind::signed_data: return pkix::read_bundle(data);
      case pkix::FileKind::key_file:
      case pkix::FileKind::container: throw_invalid("a key, not a certificate, CRL or bundle");
      case pkix::FileKind::unknown: break;
    }
    throw_invalid("not a certificate, CRL or bundle");
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
}

/// A path, or a directory's regular files in name order.
std::vector<std::string> expand(const std::string& path) {
  std::error_code ec;
  if (path == "-" || !std::filesystem::is_directory(path, ec)) return {path};
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
    if (entry.is_regular_file(ec)) files.push_back(entry.path().string());
  }
  if (ec) throw_invalid(path + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

void add(pkix::TrustStore& store, const std::vector<std::string>& paths, std::vector<pkix::Certificate>* into) {
  for (const std::string& p : paths) {
    for (const std::string& f : expand(p)) {
      pkix::Bundle b = read_pki_file(f);
      if (into != nullptr) {
        for (pkix::Certificate& c : b.certificates) into->push_back(std::move(c));
      }
      for (pkix::Crl& c : b.crls) store.crls.push_back(std::move(c));
    }
  }
}

}  // namespace

pkix::Certificate load_certificate(const std::string& path, const Bytes& data) {
  try {
    return pkix::read_certificate(data);
  } catch (const Error& e) {
    throw Error(e.code(), path + ": " + e.what());
  }
}

void add_trust_files(pkix::TrustStore& store, const std::vector<std::string>& trust,
                     const std::vector<std::string>& untrusted, const std::vector<std::string>& crls) {
  add(store, trust, &store.anchors);
  add(store, untrusted, &store.intermediates);
  add(store, crls, nullptr);
}

std::int64_t parse_time(const std::string& text) {
  if (text == "now") {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  }
  if (!text.empty() && text[0] == '@') {
    try {
      std::size_t used = 0;
      const long long v = std::stoll(text.substr(1), &used);
      if (used + 1 == text.size()) return v;
    } catch (const std::exception&) {
    }
    throw_invalid("--at " + text + ": @ must be followed by seconds since 1970-01-01 UTC");
  }
  // YYYY-MM-DD, then optionally ' ' or 'T', HH:MM:SS and an optional Z: digits exactly
  // where the pattern has them.
  const auto digits = [&](std::size_t at, std::size_t n) {
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (i >= text.size() || text[i] < '0' || text[i] > '9') return -1;
      v = v * 10 + (text[i] - '0');
    }
    return v;
  };
  const bool date_only = text.size() == 10;
  const bool with_time = (text.size() == 19 || (text.size() == 20 && text.back() == 'Z')) &&
                         (text[10] == ' ' || text[10] == 'T') && text[13] == ':' && text[16] == ':';
  const bool dashes = text.size() >= 10 && text[4] == '-' && text[7] == '-';
  const int y = digits(0, 4), mo = digits(5, 2), d = digits(8, 2);
  const int h = with_time ? digits(11, 2) : 0, mi = with_time ? digits(14, 2) : 0, s = with_time ? digits(17, 2) : 0;
  using namespace std::chrono;
  const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!dashes || (!date_only && !with_time) || y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0 || !ymd.ok() ||
      h > 23 || mi > 59 || s > 59) {
    throw_invalid("--at " + text + ": give now, YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ (UTC) or @SECONDS");
  }
  return duration_cast<seconds>(sys_days{ymd}.time_since_epoch()).count() + h * 3600 + mi * 60 + s;
}

}  // namespace dstu::cli
