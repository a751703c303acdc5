// dstu::der — a strict ASN.1 DER reader and writer, enough for keys and signatures
// (SEQUENCE, INTEGER, BIT STRING, OCTET STRING, OBJECT IDENTIFIER, NULL, context tags).
//
// The reader accepts only DER: definite, minimal lengths; minimal INTEGERs; no
// trailing bytes where a structure ends. Every malformed input is an
// Error(invalid_input) naming what was wrong, never undefined behaviour.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::der {

inline constexpr std::uint8_t kInteger = 0x02;
inline constexpr std::uint8_t kBitString = 0x03;
inline constexpr std::uint8_t kOctetString = 0x04;
inline constexpr std::uint8_t kNull = 0x05;
inline constexpr std::uint8_t kOid = 0x06;
inline constexpr std::uint8_t kSequence = 0x30;
/// Constructed context-specific tag [n].
constexpr std::uint8_t context(int n) { return static_cast<std::uint8_t>(0xa0 | n); }

/// Content octets of an OBJECT IDENTIFIER from dotted text ("1.2.804.2.1.1.1.1.3.1.1").
Bytes encode_oid(std::string_view dotted);
/// Dotted text of OBJECT IDENTIFIER content octets.
std::string decode_oid(std::span<const std::uint8_t> content);

/// Builds a DER encoding; nested structures open with begin() and close with end().
/// Its buffer is wiping memory (private keys are written through it): every copy it
/// makes while growing is wiped, and finish_secret() hands the buffer over as is.
class Writer {
 public:
  void integer(std::span<const std::uint8_t> big_endian_unsigned);
  void integer(std::uint64_t value);
  void octet_string(std::span<const std::uint8_t> content);
  /// A BIT STRING with no unused bits.
  void bit_string(std::span<const std::uint8_t> content);
  void oid(std::string_view dotted);
  void null();
  /// Raw, already-encoded element(s).
  void raw(std::span<const std::uint8_t> encoded);
  void begin(std::uint8_t tag);
  void end();
  /// The encoding; every begin() must have been closed.
  Bytes finish();
  /// The encoding in wiping memory, for encodings that hold a secret.
  SecureBytes finish_secret();

 private:
  void element(std::uint8_t tag, std::span<const std::uint8_t> content);
  SecureBytes out_;
  std::vector<std::size_t> open_;  // positions of open tags
};

/// One element: its tag and content octets (views into the input).
struct Element {
  std::uint8_t tag = 0;
  std::span<const std::uint8_t> content;
  std::span<const std::uint8_t> encoded;  ///< tag, length and content
};

/// Reads elements one after another from a byte range.
class Reader {
 public:
  /// Reads a view: the bytes must outlive the reader (temporaries are refused).
  explicit Reader(std::span<const std::uint8_t> data) : rest_(data) {}
  explicit Reader(Bytes&&) = delete;
  bool empty() const { return rest_.empty(); }
  /// The next tag without consuming it; throws if nothing is left.
  std::uint8_t peek() const;
  Element next();
  /// The next element, which must have this tag.
  Element expect(std::uint8_t tag, const char* what);
  /// A reader over the content of the next element, which must have this tag.
  Reader enter(std::uint8_t tag, const char* what);
  /// An unsigned INTEGER as minimal big-endian bytes (negative numbers rejected).
  Bytes integer(const char* what);
  /// The same as a view into the input: no copy, for secrets.
  std::span<const std::uint8_t> integer_view(const char* what);
  std::uint64_t small_integer(const char* what);
  std::string oid(const char* what);
  Bytes octet_string(const char* what);
  /// The content of an OCTET STRING as a view into the input: no copy, for secrets.
  std::span<const std::uint8_t> octet_string_view(const char* what);
  /// A BIT STRING with no unused bits.
  Bytes bit_string(const char* what);
  /// Throws unless everything was read.
  void finish(const char* what) const;

 private:
  std::span<const std::uint8_t> rest_;
};

}  // namespace dstu::der
