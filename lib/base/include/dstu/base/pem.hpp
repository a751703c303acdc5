// dstu::pem — Base64 and PEM-style armor ("-----BEGIN LABEL-----" blocks with
// optional "Name: value" headers), for keys and signatures as text.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::pem {

/// Standard Base64 (RFC 4648 §4) with padding.
std::string base64_encode(std::span<const std::uint8_t> data);
/// Decodes Base64, ignoring ASCII white space; throws Error(invalid_input) on
/// anything else that is not the alphabet or correct padding.
Bytes base64_decode(std::string_view text);
/// The same into wiping memory, every working copy wiped: for private keys.
SecureBytes base64_decode_secret(std::string_view text);

struct Block {
  std::string label;                                        ///< e.g. "PRIVATE KEY"
  std::vector<std::pair<std::string, std::string>> headers;  ///< "Name: value" lines
  Bytes data;
};

/// The armored text: BEGIN line, headers (then a blank line), Base64 in 64-column
/// lines, END line.
std::string encode(const Block& block);
/// The armored block that makes up text (only white space may surround it); throws
/// Error(invalid_input) if there is none, if anything else is in the text, or if it is
/// malformed (mismatched END, bad header, bad Base64).
Block decode(std::string_view text);
/// An armored secret (a private key): label, headers (public) and data. Encoding and
/// decoding are constant time in the data and keep every copy of it in wiping memory.
struct SecretBlock {
  std::string label;
  std::vector<std::pair<std::string, std::string>> headers;
  SecureBytes data;
};
/// The armor of a secret, without headers.
SecureBytes encode_secret(std::string_view label, std::span<const std::uint8_t> data);
/// Like decode(), the data into wiping memory.
SecretBlock decode_secret(std::string_view text);

/// True when text starts (after white space) with "-----BEGIN ".
bool looks_armored(std::span<const std::uint8_t> data);

}  // namespace dstu::pem
