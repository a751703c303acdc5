// Fuzz target: the key container readers (dstu/pkix/container.hpp) below their password
// key derivations, which cost thousands of hashes per input (Key-6.dat always 10,000):
// a legacy Key-6.dat opened under a fixed GOST 28147 key instead of a password's; a
// PKCS#12 file read through its structure, and in full with the password "pass" only
// when its MAC and key bags take at most 16 iterations; a JKS store in full (SHA-1
// only) with "pass"; the IIT PrivateKeyInfo reader alone. Whatever reads must hold keys
// whose public keys compute; every refusal must be a dstu::Error.
#include <array>
#include <cstdint>

#include "container_internal.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/container.hpp"

namespace pkix = dstu::pkix;

namespace {

/// The key the Key-6 seeds of the corpus are encrypted under (32 octets of 0x4b).
constexpr std::array<std::uint8_t, 32> kFuzzKek = [] {
  std::array<std::uint8_t, 32> k{};
  k.fill(0x4b);
  return k;
}();

const std::uint8_t kPassword[] = {'p', 'a', 's', 's'};

void check(const pkix::Container& c) {
  for (const auto& k : c.keys) (void)pkix::key_id(pkix::public_key(k.key));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  std::optional<pkix::ContainerFormat> format;
  try {
    format = pkix::container_format(bytes);
  } catch (const dstu::Error&) {
    __builtin_trap();  // recognition never throws
  }
  try {
    if (format == pkix::ContainerFormat::key6) check(pkix::detail::read_key6_under_key(bytes, kFuzzKek));
    if (format == pkix::ContainerFormat::pkcs12 && pkix::detail::pkcs12_iterations(bytes) <= 16) {
      check(pkix::read_pkcs12(bytes, kPassword));
    }
    if (format == pkix::ContainerFormat::jks) check(pkix::read_jks(bytes, kPassword, kPassword));
  } catch (const dstu::Error&) {
  }
  try {
    for (const auto& k : pkix::iit_private_keys(bytes)) (void)pkix::key_id(pkix::public_key(k));
  } catch (const dstu::Error&) {
  }
  return 0;
}
