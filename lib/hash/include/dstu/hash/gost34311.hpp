// dstu::hash — GOST 34.311-95 hash (the Ukrainian adoption of GOST R 34.11-94) and
// HMAC-GOST34.311 (RFC 2104, block 32 octets).
//
// Depends on base and the GOST 28147 round functions (lib/cipher). Every 256-bit value is 32 octets
// read as a little-endian integer; the digest is H as 32 octets, octet 0 first.
// Secret: nothing for the plain hash (its tables are indexed by the message, so
// Gost34311 defaults to the variable-time tables and must not hash secrets unless
// built with Gost28147Impl::constant_time; where the constant-time kernels are faster,
// AVX-512 VBMI, it takes them anyway); for HMAC the key and every chaining value, so
// HmacGost34311 always uses the constant-time kernels.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "dstu/cipher/gost28147.hpp"

namespace dstu::hash {

/// How the final stage treats an empty final block (only an empty message has one;
/// for every non-empty message both readings give the same digest).
enum class Gost34311Final {
  /// The standard's text, as Cryptonite and UAPKI do: the step function always runs on
  /// the last block, even when it is empty (32 zero octets). The default.
  process_empty_block,
  /// BouncyCastle GOST3411Digest / dstucrypt gost89: skip the block when no octets
  /// remain. Compatibility option.
  skip_empty_block,
};

/// Parameters of a GOST 34.311 instance.
struct Gost34311Params {
  cipher::SBox sbox = cipher::SBox::dke1();  ///< DKE No.1 unless a key says otherwise
  std::array<std::uint8_t, 32> iv{};         ///< starting H ("sync"); 0 in Ukraine
  Gost34311Final final = Gost34311Final::process_empty_block;
  cipher::Gost28147Impl impl = cipher::Gost28147Impl::table_vartime;  ///< constant_time for secrets
};

namespace detail {
struct Gost34311Core;
}

/// Streaming GOST 34.311-95: init (the constructor), update any number of times,
/// final; final resets the object for a new message.
class Gost34311 {
 public:
  static constexpr std::size_t digest_size = 32;
  static constexpr std::size_t block_size = 32;

  /// DKE No.1, IV 0, standard empty-message processing, table round function.
  Gost34311();
  explicit Gost34311(const Gost34311Params& params);
  Gost34311(const Gost34311&);
  Gost34311& operator=(const Gost34311&);
  Gost34311(Gost34311&&) noexcept;
  Gost34311& operator=(Gost34311&&) noexcept;
  ~Gost34311();

  /// Forgets any data absorbed so far (back to H = IV).
  void reset();
  void update(std::span<const std::uint8_t> data);
  /// Writes the digest to out (exactly 32 octets; throws Error(invalid_input) otherwise)
  /// and resets.
  void final(std::span<std::uint8_t> out);
  std::array<std::uint8_t, 32> final();

  /// One-shot digest.
  static std::array<std::uint8_t, 32> hash(std::span<const std::uint8_t> data,
                                           const Gost34311Params& params = {});

 private:
  std::unique_ptr<detail::Gost34311Core> core_;
};

class Hmac;  // hmac.hpp

/// HMAC-GOST34.311 (RFC 2104 with block 32, ipad 0x36, opad 0x5c; keys longer than 32
/// octets are hashed first): hmac.hpp's Hmac over GOST 34.311 with these parameters, run
/// with the constant-time round function. Every context wipes its state on destruction.
class HmacGost34311 {
 public:
  static constexpr std::size_t mac_size = 32;

  /// params.impl is ignored (always constant_time).
  explicit HmacGost34311(std::span<const std::uint8_t> key, const Gost34311Params& params = {});
  ~HmacGost34311();
  HmacGost34311(HmacGost34311&&) noexcept;
  HmacGost34311& operator=(HmacGost34311&&) noexcept;

  /// Back to the keyed state, forgetting message data.
  void reset();
  void update(std::span<const std::uint8_t> data);
  /// Writes the 32-octet MAC and resets.
  void final(std::span<std::uint8_t> out);
  std::array<std::uint8_t, 32> final();

  /// One-shot MAC.
  static std::array<std::uint8_t, 32> mac(std::span<const std::uint8_t> key,
                                          std::span<const std::uint8_t> data,
                                          const Gost34311Params& params = {});

 private:
  std::unique_ptr<Hmac> mac_;
};

/// PBKDF2 (RFC 8018 §5.2) with HMAC-GOST34.311 as the PRF: out.size() octets derived
/// from `password` and `salt` in `iterations` rounds (the key derivation of PBES2 in
/// Ukrainian PKI key stores, with a 32-octet output). Constant time in the password.
/// Throws Error(invalid_input) if iterations is 0 or out is empty.
void pbkdf2_hmac_gost34311(std::span<std::uint8_t> out, std::span<const std::uint8_t> password,
                           std::span<const std::uint8_t> salt, std::uint64_t iterations,
                           const Gost34311Params& params = {});

}  // namespace dstu::hash
