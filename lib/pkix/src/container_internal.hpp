// What the container readers (key6.cpp, pkcs12.cpp, jks.cpp) share behind container.hpp:
// their errors, the password's encodings, and the layers below the KDFs.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "dstu/base/wipe.hpp"
#include "dstu/pkix/container.hpp"

namespace dstu::pkix::detail {

[[noreturn]] void container_fail(ContainerFormat format, ContainerFault fault, const std::string& what);

/// The keys of an IIT PrivateKeyInfo (iit_private_keys) appended to `c` with their
/// public keys and what the container says of them; a key that does not decode is
/// ContainerError(damaged), or unsupported for a curve or algorithm this library lacks.
void add_iit_keys(Container& c, std::span<const std::uint8_t> private_key_info, const Bytes& local_key_id = {},
                  const std::string& alias = {}, const std::vector<Bytes>& chain = {});

/// Whether n octets at a and b are equal, compared in constant time; the answer (that
/// the password was right, or the data intact) is public, and is declassified for the
/// constant-time checker.
bool check_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n);

/// Marks the secret octets of an IIT PrivateKeyInfo (its privateKey when that is d, and
/// the key-agreement key's d in the attributes) for the constant-time checker, after its public framing was
/// read from a declassified decryption (ct::poison: nothing outside Valgrind).
void mark_iit_secrets(std::span<const std::uint8_t> private_key_info);

/// The password as UTF-16BE code units, read as UTF-8 (Java's char[], the BMPString of
/// PKCS#12 without its terminating zero). nullopt if it is not UTF-8.
std::optional<SecureBytes> utf16be(std::span<const std::uint8_t> utf8);

/// The password in Windows-1251 (ASCII and the Cyrillic of the code page), read as
/// UTF-8; nullopt if it is not UTF-8 or has a character the code page lacks.
std::optional<SecureBytes> cp1251(std::span<const std::uint8_t> utf8);

/// The layers below the password's key derivation, for the fuzz target (the KDFs cost
/// thousands of hashes per input):
/// read_key6 of a legacy Key-6.dat under the GOST 28147 key its KDF would give;
Container read_key6_under_key(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t, 32> kek);
/// the largest iteration count of a PKCS#12 file's MAC and key bags, every structure
/// below the KDFs read as read_pkcs12 reads it (ContainerError as it throws it).
std::uint64_t pkcs12_iterations(std::span<const std::uint8_t> bytes);

}  // namespace dstu::pkix::detail
