// Passphrases for protected private keys: from a file (its first line), from an open
// file descriptor, or asked on the terminal with echo off; never from the command
// line or the environment. Held in wiping memory.
#pragma once

#include <cstdint>
#include <string>

#include "dstu/base/wipe.hpp"

namespace CLI {
class App;  // command.hpp: declared, not included
}

namespace dstu::cli {

/// Where a command takes a passphrase from.
struct PassphraseOptions {
  std::string file;    ///< --passphrase-file: its first line
  int fd = -1;         ///< --passphrase-fd: its first line
  std::string key_file;  ///< --key-passphrase-file: a JKS store's key entries' passphrase, when not the store's
  bool none = false;   ///< --no-passphrase: write the private key in clear
  std::uint64_t iterations = 0;  ///< --iterations: PBKDF2 rounds when writing (0 = default)
};

/// Declares --passphrase-file, --passphrase-fd and --key-passphrase-file; with
/// `writes_keys` also --no-passphrase and --iterations.
void add_passphrase_options(CLI::App& sub, PassphraseOptions& o, bool writes_keys);

/// The passphrase of an existing key: from the file or descriptor given, else asked
/// once on the terminal ("Passphrase for PATH: "). Error(invalid_input) when neither
/// is possible.
SecureBytes passphrase_to_read(const PassphraseOptions& o, const std::string& path);

/// A passphrase for a new key: from the file or descriptor given, else asked twice on
/// the terminal (the two must match, and be non-empty). Error(invalid_input) when
/// neither is possible (then the user must choose: an option, or --no-passphrase).
SecureBytes passphrase_to_write(const PassphraseOptions& o, const std::string& path);

/// The key entries' passphrase of a JKS store from --key-passphrase-file; empty when
/// not given (the store's passphrase opens them).
SecureBytes key_entry_passphrase(const PassphraseOptions& o);

/// True when a terminal is there to ask on (/dev/tty opens).
bool terminal_available();

}  // namespace dstu::cli
