// dstu::hash — one streaming interface over every hash, chosen by name (the CLI's
// `--hash NAME`), and whole-file hashing with large buffered reads.
//
// Names: "gost34311" (DKE No.1, IV 0, standard empty-message processing),
// "kupyna256", "kupyna384", "kupyna512", "sha1", "sha224", "sha256", "sha384", "sha512",
// "sha512-224", "sha512-256", "sha3-224", "sha3-256", "sha3-384", "sha3-512".
// SHAKE128/256 have no fixed digest and are not Hashers: see sha3.hpp's Shake.
//
// Secrets: a hash made for Use::public_data may take the fastest implementation, which
// for GOST 34.311 and Kupyna indexes tables by the message; one made for Use::keyed
// (HMAC keys, PBKDF2 passwords) is constant time in everything it absorbs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "dstu/base/bytes.hpp"

namespace dstu::hash {

struct Gost34311Params;  // gost34311.hpp

/// A streaming hash. final() resets it, so one object can hash many messages.
class Hasher {
 public:
  virtual ~Hasher() = default;
  /// The registry name, e.g. "kupyna256".
  virtual std::string_view name() const = 0;
  /// Digest length in octets.
  virtual std::size_t digest_size() const = 0;
  /// Octets per compression block: HMAC's B (RFC 2104). 0 when the hasher does not say
  /// (a Hasher written outside the library); every hasher of make_hasher says.
  virtual std::size_t block_size() const { return 0; }
  /// Forgets data absorbed so far.
  virtual void reset() = 0;
  virtual void update(std::span<const std::uint8_t> data) = 0;
  /// Writes exactly digest_size() octets (Error(invalid_input) otherwise) and resets.
  virtual void final(std::span<std::uint8_t> out) = 0;
  /// The digest as a new byte string, then resets.
  Bytes final();

  /// A new hasher of the same kind in the same state (what is absorbed so far is kept).
  /// Error(unsupported) for a hasher that cannot be copied (none of make_hasher's).
  virtual std::unique_ptr<Hasher> clone() const;
  /// Takes other's state: other must be of the same kind (a clone() of this one, or from
  /// the same make_hasher name and Use; Error(invalid_input) otherwise). HMAC restores
  /// its keyed states with it, once per message; the SHA hashers allocate nothing here.
  virtual void assign(const Hasher& other);
};

/// What the data through a hasher is.
enum class Use {
  /// Public messages (documents, signed data): the fastest implementation, which may
  /// index tables by the data (GOST 34.311, Kupyna).
  public_data,
  /// Secrets (an HMAC key, a PBKDF2 password and what is derived from them): only an
  /// implementation without secret-dependent branches or table indices.
  keyed,
};

/// The hash called `name` (see the file comment). Throws Error(invalid_input) naming the
/// known hashes when the name is unknown.
std::unique_ptr<Hasher> make_hasher(std::string_view name, Use use = Use::public_data);

/// GOST 34.311 with other parameters (a key's DKE S-box, another IV; named "gost34311").
/// params.impl says whether it may take a key: Gost28147Impl::constant_time for keyed use.
std::unique_ptr<Hasher> make_gost34311_hasher(const Gost34311Params& params);

/// The names make_hasher accepts, in a stable order.
std::vector<std::string> hasher_names();

/// Whether the hash called `name` may make new signatures: false for SHA-1 (collisions
/// are practical: SHAttered, Stevens et al. 2017; Shambles, Leurent and Peyrin 2020: it is
/// kept for reading old PKCS#12 and JKS files) and for names make_hasher does not know.
/// The one place that decides it.
bool may_sign_with(std::string_view name);

/// Feeds everything readable from fd (until end of file) into h with 1 MiB reads and
/// returns h.final(). Does not close fd. Throws Error(io, "...") on a read error.
Bytes hash_fd(Hasher& h, int fd);

/// hash_fd on the file at path. Throws Error(io, "<path>: <reason>") when it cannot be
/// opened or read.
Bytes hash_file(Hasher& h, const std::string& path);

namespace detail {

/// Hasher's copy operations (clone, assign) for a final class D that is copyable: derive
/// D from CopyableHasher<D>.
template <class D>
class CopyableHasher : public Hasher {
 public:
  std::unique_ptr<Hasher> clone() const override {
    return std::make_unique<D>(static_cast<const D&>(*this));
  }
  void assign(const Hasher& other) override {
    // typeid, not dynamic_cast: D is final, and the comparison of two type_infos is a
    // pointer comparison where they are equal (HMAC assigns once per message).
    if (typeid(other) != typeid(D)) wrong_kind(other);
    static_cast<D&>(*this) = static_cast<const D&>(other);
  }

 private:
  [[noreturn]] void wrong_kind(const Hasher& other) const;
};

/// Throws Error(invalid_input): `to` cannot take the state of `from`.
[[noreturn]] void throw_wrong_kind(const Hasher& to, const Hasher& from);

template <class D>
void CopyableHasher<D>::wrong_kind(const Hasher& other) const {
  throw_wrong_kind(*this, other);
}

}  // namespace detail

}  // namespace dstu::hash
