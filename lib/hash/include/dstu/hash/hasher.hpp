// dstu::hash — one streaming interface over every hash, chosen by name (the CLI's
// `--hash NAME`), and whole-file hashing with large buffered reads.
//
// Names: "gost34311" (DKE No.1, IV 0, standard empty-message processing),
// "kupyna256", "kupyna384", "kupyna512", "sha224", "sha256", "sha384", "sha512".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"

namespace dstu::hash {

struct Gost34311Params;

/// A streaming hash. final() resets it, so one object can hash many messages.
class Hasher {
 public:
  virtual ~Hasher() = default;
  /// The registry name, e.g. "kupyna256".
  virtual std::string_view name() const = 0;
  /// Digest length in octets.
  virtual std::size_t digest_size() const = 0;
  /// Forgets data absorbed so far.
  virtual void reset() = 0;
  virtual void update(std::span<const std::uint8_t> data) = 0;
  /// Writes exactly digest_size() octets (Error(invalid_input) otherwise) and resets.
  virtual void final(std::span<std::uint8_t> out) = 0;
  /// The digest as a new byte string, then resets.
  Bytes final();
};

/// The hash called `name` (see the file comment). Throws Error(invalid_input) naming the
/// known hashes when the name is unknown.
std::unique_ptr<Hasher> make_hasher(std::string_view name);

/// "gost34311" with other parameters than make_hasher's (the S-box a DSTU 4145 key
/// names: pkix::make_hasher).
std::unique_ptr<Hasher> make_hasher(const Gost34311Params& params);

/// The names make_hasher accepts, in a stable order.
std::vector<std::string> hasher_names();

/// Feeds everything readable from fd (until end of file) into h with 1 MiB reads and
/// returns h.final(). Does not close fd. Throws Error(io, "...") on a read error.
Bytes hash_fd(Hasher& h, int fd);

/// hash_fd on the file at path. Throws Error(io, "<path>: <reason>") when it cannot be
/// opened or read.
Bytes hash_file(Hasher& h, const std::string& path);

}  // namespace dstu::hash
