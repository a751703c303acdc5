// The named prime fields: NIST's (FIPS 186-5 / SP 800-186, "generalized Mersenne"
// primes) and the Brainpool primes of RFC 5639 (shared by its r1 and t1 curves).
#include <array>
#include <iterator>
#include <memory>
#include <mutex>

#include "dstu/base/error.hpp"
#include "dstu/gfp/field.hpp"

namespace dstu::gfp {
namespace {

struct Named {
  const char* name;
  const char* prime_hex;
};

// NIST: P-192 = 2^192 - 2^64 - 1, P-224 = 2^224 - 2^96 + 1,
// P-256 = 2^256 - 2^224 + 2^192 + 2^96 - 1, P-384 = 2^384 - 2^128 - 2^96 + 2^32 - 1,
// P-521 = 2^521 - 1 (written out below). Brainpool: RFC 5639 §3.1-3.7.
constexpr Named kNamed[] = {
    {"P-192", "fffffffffffffffffffffffffffffffeffffffffffffffff"},
    {"P-224", "ffffffffffffffffffffffffffffffff000000000000000000000001"},
    {"P-256", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"},
    {"P-384",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"},
    {"P-521",
     "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffff"},
    {"brainpoolP160", "e95e4a5f737059dc60dfc7ad95b3d8139515620f"},
    {"brainpoolP192", "c302f41d932a36cda7a3463093d18db78fce476de1a86297"},
    {"brainpoolP224", "d7c134aa264366862a18302575d1d787b09f075797da89f57ec8c0ff"},
    {"brainpoolP256", "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377"},
    {"brainpoolP320", "d35e472036bc4fb7e13c785ed201e065f98fcfa6f6f40def4f92b9ec7893ec28fcd412b1f1b32e27"},
    {"brainpoolP384",
     "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec53"},
    {"brainpoolP512",
     "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e62881ff2f"
     "2d82c68528aa6056583a48f3"},
};

}  // namespace

const Field& Field::named(std::string_view name) {
  // Each field built on its first use only, as the curves over them are.
  constexpr std::size_t kCount = std::size(kNamed);
  static std::array<std::once_flag, kCount> once;
  static std::array<std::unique_ptr<Field>, kCount> fields;
  for (std::size_t i = 0; i < kCount; ++i) {
    if (kNamed[i].name != name) continue;
    std::call_once(once[i], [&] { fields[i] = std::make_unique<Field>(mp::Nat::from_hex(kNamed[i].prime_hex), kNamed[i].name); });
    return *fields[i];
  }
  std::string known;
  for (const Named& n : kNamed) known += (known.empty() ? "" : ", ") + std::string(n.name);
  throw_invalid("unknown prime field '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> Field::names() {
  std::vector<std::string> out;
  for (const Named& n : kNamed) out.emplace_back(n.name);
  return out;
}

}  // namespace dstu::gfp
