// dstu hash: digests of files, and MACs of them under a key from a file, as sha256sum
// writes them (digest_list.hpp); --check LIST reads such lines and says of each file
// whether it still has its digest. Files are taken a window at a time (window.hpp) and
// hashed in parallel on the team, each as hash_file reads it (large reads, read ahead on
// a thread of its own), and reported in input order as soon as each one and every
// earlier one are done.
// Exit 0 if every file was hashed (or matches), 1 if any differs, 2 on any other error.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "command.hpp"
#include "digest_list.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/mac.hpp"
#include "dstu/parallel/team.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "output.hpp"
#include "window.hpp"

namespace dstu::cli {
namespace {

enum class Status { hashed, ok, failed, error };

const char* status_name(Status s) {
  switch (s) {
    case Status::hashed:
      return "hashed";
    case Status::ok:
      return "ok";
    case Status::failed:
      return "failed";
    case Status::error:
      break;
  }
  return "error";
}

/// One file's outcome: its digest, or its verdict against the list, or why it failed.
struct Outcome {
  Status status = Status::error;
  Bytes digest;
  std::string reason;
};

/// A request: the file, and (checking) its expected digest or why its line is malformed.
using Request = DigestEntry;

class Hash final : public Command {
 public:
  const char* name() const override { return "hash"; }
  const char* summary() const override {
    return "Digests (or HMAC/KMAC) of files as sha256sum writes them; --check compares files with such a list";
  }

  void setup(CLI::App& sub) override {
    sub.add_option("--hash", hash_,
                   "The hash (default gost34311, GOST 34.311-95; with --mac kmac: kupyna256, kupyna384 or "
                   "kupyna512, default kupyna256)")
        ->check(CLI::IsMember(hash::hasher_names()));
    sub.add_option("--mac", mac_name_,
                   "With --key-file: hmac (HMAC over the hash, any key; the default) or kmac (Kupyna-KMAC of DSTU "
                   "7564:2014, a key of the MAC's length: 32, 48 or 64 octets)")
        ->check(CLI::IsMember({"hmac", "kmac"}));
    sub.add_option("--key-file", key_file_,
                   "MAC the files under the key in this file, its octets as they are ('-' = stdin); never printed");
    sub.add_option("-c,--check", list_,
                   "Read DIGEST  FILE lines from LIST ('-' = stdin) and report FILE: OK or FILE: FAILED for each");
    sub.add_flag("--list-hashes", list_hashes_, "Print the hash names, one a line, and exit");
    sub.add_option("files", files_, "Files to hash ('-' = stdin, the default)");
  }

  int run(const GlobalOptions& g) override {
    if (list_hashes_) {
      for (const std::string& n : hash::hasher_names()) fmt::print("{}\n", n);
      return kExitOk;
    }
    check_options();
    if (mac_.has_value()) {
      if (hash_.empty()) hash_ = hash::default_mac_hash(*mac_);
      key_ = read_key();
    } else if (hash_.empty()) {
      hash_ = "gost34311";
    }
    make(nullptr);  // refusals (KMAC over another hash, a key of another length) before any file
    return list_.empty() ? hash_files(g) : check_files(g);
  }

 private:
  void check_options() {
    if (!mac_name_.empty() && key_file_.empty()) throw UsageError("--mac needs the key: --key-file FILE");
    if (!key_file_.empty()) mac_ = hash::mac_from_name(mac_name_.empty() ? "hmac" : mac_name_);
    if (!list_.empty() && !files_.empty()) {
      throw UsageError("--check reads the files to check from LIST; give no FILE arguments with it");
    }
    if (list_.empty() && files_.empty()) files_ = {"-"};
    const auto stdin_uses = std::count(files_.begin(), files_.end(), "-") + (list_ == "-" ? 1 : 0) +
                            (key_file_ == "-" ? 1 : 0);
    if (stdin_uses > 1) throw UsageError("standard input can be read once");
  }

  /// The key file's octets (wiped when the run ends), refused if empty; a KMAC key of
  /// another length is refused by the library, with a hint if a newline made it so.
  SecureBytes read_key() const {
    const std::optional<std::size_t> need = hash::mac_key_size(*mac_, hash_);  // KMAC over Kupyna only
    SecureBytes key = read_secret_file(key_file_, 4096);
    if (key.empty()) throw_invalid(key_file_ + ": an empty key file");
    if (need && key.size() != *need) {
      const bool newline = key.back() == '\n' && key.size() == *need + 1;
      throw_invalid(key_file_ + ": a key of " + std::to_string(key.size()) + " octets; KMAC over " + hash_ +
                    " takes " + std::to_string(*need) + (newline ? " (the newline at its end counts)" : ""));
    }
    return key;
  }

  /// A fresh hasher (or MAC) for one file; with `size`, only its digest length.
  std::unique_ptr<hash::Hasher> make(std::size_t* size) const {
    auto h = mac_ ? hash::make_mac_hasher(*mac_, hash_, key_) : hash::make_hasher(hash_);
    if (size != nullptr) *size = h->digest_size();
    return h;
  }

  Bytes digest_of(const std::string& file) const {
    const auto h = make(nullptr);
    return file == "-" ? hash::hash_fd(*h, STDIN_FILENO) : hash::hash_file(*h, file);
  }

  /// The record fields every line of JSON carries.
  Json record(const std::string& file, Status status) const {
    Json r = {{"file", file}, {"status", status_name(status)}, {"hash", hash_}};
    if (mac_) r["mac"] = hash::mac_name(*mac_);
    return r;
  }

  /// Runs `work` on each request of a window on the team and `emit` on the outcomes in
  /// input order, each as soon as it and every earlier one are done.
  static void run_window(const std::vector<Request>& window, std::vector<Outcome>& out,
                         const std::function<Outcome(const Request&)>& work, const InOrder::Flush& emit) {
    InOrder order(window.size(), emit);
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) {
      try {
        out[i] = work(window[i]);
      } catch (const std::exception& e) {
        out[i] = {Status::error, {}, e.what()};
      }
      order.done(i);
    });
    order.rethrow();
  }

  int hash_files(const GlobalOptions& g) const {
    bool error = false;
    for (std::size_t begin = 0, end = 0; begin < files_.size(); begin = end) {
      WindowFill fill(parallel::team_size());
      std::vector<Request> window;
      for (; end < files_.size() && !fill.full(); ++end) {
        fill.add(files_[end]);
        window.push_back({files_[end], {}, ""});
      }
      std::vector<Outcome> out(window.size());
      run_window(
          window, out, [&](const Request& r) { return Outcome{Status::hashed, digest_of(r.file), ""}; },
          [&](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i) error |= report_digest(g, window[i].file, out[i]);
          });
    }
    return error ? kExitError : kExitOk;
  }

  /// Prints a digest (the data asked for, even with -q) or the error; true for an error.
  bool report_digest(const GlobalOptions& g, const std::string& file, const Outcome& o) const {
    if (o.status == Status::error) print_error(o.reason);
    if (g.json) {
      Json r = record(file, o.status);
      if (o.status == Status::error) r["reason"] = o.reason;
      else r["digest"] = to_hex(o.digest);
      print_json(r);
    } else if (o.status != Status::error) {
      fmt::print("{}\n", digest_line(o.digest, file));
      std::fflush(stdout);
    }
    return o.status == Status::error;
  }

  int check_files(const GlobalOptions& g) const {
    std::size_t digest_size = 0;
    make(&digest_size);
    DigestList list(list_, digest_size, mac_ ? std::string(hash::mac_name(*mac_)) + "-" + hash_ : hash_);
    bool failed = false, error = false, stdin_taken = list_ == "-" || key_file_ == "-";
    std::size_t requests = 0;
    for (;;) {
      WindowFill fill(parallel::team_size());
      std::vector<Request> window;
      while (!fill.full() && list.next(window, 1)) {
        Request& r = window.back();
        if (r.error.empty() && r.file == "-" && std::exchange(stdin_taken, true)) {
          r.error = "-: standard input is read once, and it is " +
                    std::string(list_ == "-" ? "the list" : key_file_ == "-" ? "the key" : "an earlier line");
        }
        fill.add(r.file);
      }
      if (window.empty()) break;
      requests += window.size();
      std::vector<Outcome> out(window.size());
      run_window(window, out, [&](const Request& r) { return check_one(r); },
                 [&](std::size_t from, std::size_t to) {
                   for (std::size_t i = from; i < to; ++i) {
                     failed |= out[i].status == Status::failed;
                     error |= out[i].status == Status::error;
                     report_check(g, window[i].file, out[i]);
                   }
                 });
    }
    // An empty list checks nothing: not "all match" for a script whose list broke.
    if (requests == 0) throw_invalid(list.name() + ": no digest lines in the list");
    return error ? kExitError : failed ? kExitNegative : kExitOk;
  }

  Outcome check_one(const Request& r) const {
    if (!r.error.empty()) return {Status::error, {}, r.error};
    const Bytes digest = digest_of(r.file);
    // In constant time: with a MAC, the list's tags are compared with secret-keyed ones.
    const bool same = ct::bytes_equal(digest.data(), r.digest.data(), digest.size());
    return {same ? Status::ok : Status::failed, digest, ""};
  }

  void report_check(const GlobalOptions& g, const std::string& file, const Outcome& o) const {
    if (o.status == Status::error) {
      print_error(o.reason);
      if (g.json && !g.quiet) {
        Json r = record(file, o.status);
        r["reason"] = o.reason;
        print_json(r);
      }
      return;
    }
    if (g.quiet) return;
    if (g.json) {
      print_json(record(file, o.status));
    } else {
      fmt::print("{}: {}\n", report_name(file), o.status == Status::ok ? "OK" : "FAILED");
      std::fflush(stdout);
    }
  }

  std::string hash_, mac_name_, key_file_, list_;
  std::vector<std::string> files_;
  bool list_hashes_ = false;
  std::optional<hash::Mac> mac_;
  SecureBytes key_;
};

}  // namespace

std::unique_ptr<Command> make_hash_command() { return std::make_unique<Hash>(); }

}  // namespace dstu::cli
