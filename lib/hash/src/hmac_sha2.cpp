// HMAC over SHA-2 for RFC 6979 (hmac_sha2.hpp): the generic Hmac with the name checked.
#include "dstu/hash/hmac_sha2.hpp"

#include <string>

#include "dstu/base/error.hpp"

namespace dstu::hash {
namespace {

std::string_view checked(std::string_view name) {
  if (!HmacSha2::supports(name)) {
    throw_invalid("HMAC: no SHA-2 hash called '" + std::string(name) + "' (sha224, sha256, sha384, sha512)");
  }
  return name;
}

}  // namespace

HmacSha2::HmacSha2(std::string_view hash_name, std::span<const std::uint8_t> key) : Hmac(checked(hash_name), key) {}

bool HmacSha2::supports(std::string_view hash_name) {
  return hash_name == "sha224" || hash_name == "sha256" || hash_name == "sha384" || hash_name == "sha512";
}

}  // namespace dstu::hash
