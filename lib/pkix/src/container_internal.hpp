// What the container readers (key6.cpp) share behind container.hpp:
// their errors, the password's encodings, and the layer below the KDF.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "dstu/base/wipe.hpp"
#include "dstu/pkix/container.hpp"

namespace dstu::pkix::detail {

[[noreturn]] void container_fail(ContainerFormat format, ContainerFault fault, const std::string& what);

/// The password in Windows-1251 (ASCII and the Cyrillic of the code page), read as
/// UTF-8; nullopt if it is not UTF-8 or has a character the code page lacks.
std::optional<SecureBytes> cp1251(std::span<const std::uint8_t> utf8);

/// The layer below the password's key derivation, for a fuzz target (the KDF costs
/// 10,000 hashes per input): read_key6 of a legacy Key-6.dat under the GOST 28147 key
/// its KDF would give.
Container read_key6_under_key(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t, 32> kek);

}  // namespace dstu::pkix::detail
