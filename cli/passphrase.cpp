#include "passphrase.hpp"

#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "files.hpp"

namespace dstu::cli {
namespace {

constexpr std::size_t kMaxPassphrase = 4096;

/// The first line of what fd holds (up to a newline, a CR LF, or the end), read a byte
/// at a time so that nothing past the line is consumed from a pipe.
SecureBytes first_line(int fd, const std::string& what) {
  SecureBytes line;
  for (;;) {
    unsigned char c = 0;
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(Errc::io, what + ": " + std::strerror(errno));
    if (n == 0 || c == '\n') break;
    if (line.size() == kMaxPassphrase) throw Error(Errc::invalid_input, what + ": passphrase longer than 4096 octets");
    line.push_back(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

SecureBytes from_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error(Errc::io, path + ": " + std::strerror(errno));
  try {
    SecureBytes p = first_line(fd, path);
    ::close(fd);
    return p;
  } catch (...) {
    ::close(fd);
    throw;
  }
}

/// Asks on /dev/tty with echo off; the line typed.
SecureBytes ask(const std::string& prompt) {
  const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw Error(Errc::io, "cannot open the terminal: " + std::string(std::strerror(errno)));
  termios saved{};
  const bool is_tty = ::tcgetattr(fd, &saved) == 0;
  if (is_tty) {
    termios quiet = saved;
    quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
    quiet.c_lflag |= ECHONL;
    ::tcsetattr(fd, TCSAFLUSH, &quiet);
  }
  (void)!::write(fd, prompt.data(), prompt.size());
  SecureBytes line;
  std::exception_ptr error;
  try {
    line = first_line(fd, "terminal");
  } catch (...) {
    error = std::current_exception();
  }
  if (is_tty) ::tcsetattr(fd, TCSAFLUSH, &saved);
  ::close(fd);
  if (error) std::rethrow_exception(error);
  return line;
}

/// From --passphrase-file or --passphrase-fd, if one was given.
bool from_options(const PassphraseOptions& o, SecureBytes* out) {
  if (!o.file.empty()) {
    *out = from_file(o.file);
    return true;
  }
  if (o.fd >= 0) {
    *out = first_line(o.fd, "--passphrase-fd " + std::to_string(o.fd));
    return true;
  }
  return false;
}

}  // namespace

void add_passphrase_options(CLI::App& sub, PassphraseOptions& o, bool writes_keys) {
  const std::string group = "Passphrase";
  auto* file = sub.add_option("--passphrase-file", o.file, "Read the passphrase from the first line of this file")
                   ->group(group);
  sub.add_option("--passphrase-fd", o.fd, "Read the passphrase from the first line of this open descriptor")
      ->check(CLI::Range(0, 1 << 20))
      ->group(group)
      ->excludes(file);
  sub.add_option("--key-passphrase-file", o.key_file,
                 "Key containers (JKS): read the key entries' passphrase, when it is not the store's, from the "
                 "first line of this file")
      ->group(group);
  if (!writes_keys) return;
  sub.add_flag("--no-passphrase", o.none,
               "Write the private key in clear (mode 0600), without a passphrase (with --convert, the "
               "passphrase options then only open a protected input)")
      ->group(group);
  sub.add_option("--iterations", o.iterations, "PBKDF2 rounds for a protected key (default 100000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{pkix::kMaxPbkdf2Iterations}))
      ->group(group);
}

SecureBytes key_entry_passphrase(const PassphraseOptions& o) {
  return o.key_file.empty() ? SecureBytes{} : from_file(o.key_file);
}

bool terminal_available() {
  const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

SecureBytes passphrase_to_read(const PassphraseOptions& o, const std::string& path) {
  SecureBytes p;
  if (from_options(o, &p)) return p;
  if (!terminal_available()) {
    throw Error(Errc::invalid_input, path + ": the key is protected: give --passphrase-file or --passphrase-fd "
                                            "(no terminal to ask on)");
  }
  return ask("Passphrase for " + path + ": ");
}

SecureBytes passphrase_to_write(const PassphraseOptions& o, const std::string& path) {
  SecureBytes p;
  if (from_options(o, &p)) {
    if (p.empty()) throw Error(Errc::invalid_input, "the passphrase is empty (use --no-passphrase for a clear key)");
    return p;
  }
  if (!terminal_available()) {
    throw Error(Errc::invalid_input, "no terminal to ask for a passphrase: give --passphrase-file, --passphrase-fd, "
                                     "or --no-passphrase for a clear key");
  }
  p = ask("New passphrase for " + path + ": ");
  if (p.empty()) throw Error(Errc::invalid_input, "empty passphrase (use --no-passphrase for a clear key)");
  const SecureBytes again = ask("The same again: ");
  if (again.size() != p.size() || !ct::bytes_equal(again.data(), p.data(), p.size())) {
    throw Error(Errc::invalid_input, "the two passphrases differ");
  }
  return p;
}

}  // namespace dstu::cli
