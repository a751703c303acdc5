// PBKDF2 with HMAC-GOST34.311 (RFC 8018 §5.2): T_i = U_1 xor ... xor U_c, where
// U_1 = PRF(P, S || INT(i)) and U_j = PRF(P, U_{j-1}); the output is T_1 || T_2 || ...
// truncated to the length asked for.
#include <algorithm>
#include <array>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/hash/gost34311.hpp"

namespace dstu::hash {

void pbkdf2_hmac_gost34311(std::span<std::uint8_t> out, std::span<const std::uint8_t> password,
                           std::span<const std::uint8_t> salt, std::uint64_t iterations,
                           const Gost34311Params& params) {
  if (iterations == 0) throw Error(Errc::invalid_input, "PBKDF2: the iteration count must be at least 1");
  if (out.empty()) throw Error(Errc::invalid_input, "PBKDF2: the output must not be empty");
  HmacGost34311 prf(password, params);
  std::array<std::uint8_t, 32> u{}, t{};
  for (std::size_t done = 0, block = 1; done < out.size(); done += t.size(), ++block) {
    const std::array<std::uint8_t, 4> index = {static_cast<std::uint8_t>(block >> 24),
                                               static_cast<std::uint8_t>(block >> 16),
                                               static_cast<std::uint8_t>(block >> 8),
                                               static_cast<std::uint8_t>(block)};
    prf.update(salt);
    prf.update(index);
    prf.final(u);
    t = u;
    for (std::uint64_t j = 1; j < iterations; ++j) {
      prf.update(u);
      prf.final(u);
      for (std::size_t i = 0; i < t.size(); ++i) t[i] ^= u[i];
    }
    const std::size_t n = std::min(t.size(), out.size() - done);
    std::copy_n(t.begin(), n, out.begin() + static_cast<std::ptrdiff_t>(done));
  }
  secure_wipe(u.data(), u.size());
  secure_wipe(t.data(), t.size());
}

}  // namespace dstu::hash
