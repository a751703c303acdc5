// Constant-time cases for lib/hash's HMAC and PBKDF2: the key (a short one, and one longer
// than the block, which is hashed first) and the data secret, through HMAC-SHA-256,
// HMAC-SHA3-256, HMAC-SHA-1, HMAC-SHA-512 and PBKDF2-HMAC-SHA-256 (whose chained U values are
// secret too). SHA-1/2/3 are constant time by construction (no table index, no branch on
// the data); this checks that the code around them keeps it so. Each MAC is declassified
// and compared with one computed before anything was poisoned.
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/hash/hmac.hpp"

namespace {

namespace hash = dstu::hash;
using Octets = std::vector<std::uint8_t>;

Octets pattern(std::size_t n, std::uint8_t seed) {
  Octets v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(seed + 31 * i);
  return v;
}

bool hmac_case(const char* name, std::size_t key_len) {
  const Octets key = pattern(key_len, 7), data = pattern(150, 90);
  const dstu::SecureBytes want = hash::Hmac::mac(name, key, data);
  dstu::ct::poison(key.data(), key.size());
  dstu::ct::poison(data.data(), data.size());
  hash::Hmac mac(name, key);
  mac.update(data);
  const dstu::SecureBytes got = mac.final();
  dstu::ct::unpoison(got.data(), got.size());
  return got == want;
}

bool pbkdf2_case() {
  const Octets password = pattern(20, 3), salt = pattern(16, 5);
  Octets want(40), got(40);
  hash::pbkdf2(want, "sha256", password, salt, 3);
  dstu::ct::poison(password.data(), password.size());
  hash::pbkdf2(got, "sha256", password, salt, 3);
  dstu::ct::unpoison(got.data(), got.size());
  return got == want;
}

dstu::ct_check::Register r1("hash: HMAC-SHA-256, 32-octet key (key, data secret)", [] { return hmac_case("sha256", 32); });
dstu::ct_check::Register r2("hash: HMAC-SHA-256, 100-octet key hashed first", [] { return hmac_case("sha256", 100); });
dstu::ct_check::Register r3("hash: HMAC-SHA3-256, 32-octet key (key, data secret)", [] { return hmac_case("sha3-256", 32); });
dstu::ct_check::Register r4("hash: HMAC-SHA3-256, 200-octet key hashed first", [] { return hmac_case("sha3-256", 200); });
dstu::ct_check::Register r5("hash: HMAC-SHA-1, 20-octet key (key, data secret)", [] { return hmac_case("sha1", 20); });
dstu::ct_check::Register r6("hash: HMAC-SHA-512, 64-octet key (key, data secret)", [] { return hmac_case("sha512", 64); });
dstu::ct_check::Register r7("hash: PBKDF2-HMAC-SHA-256, 3 iterations (password secret)", pbkdf2_case);

}  // namespace
