// Fuzz target: AES key unwrapping, KW and KWP (aes_kw.hpp), of arbitrary inputs. Input:
// one octet choosing KW or KWP (bit 0) and the key size (bits 1-2), the key, then the
// wrapped key. Every CPU path must give the same result; unwrapped key data must wrap
// back to the input.
#include <cstdint>
#include <optional>
#include <vector>

#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_kw.hpp"
#include "dstu/cpu/features.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool padded = data[0] & 1;
  const std::size_t key_len = std::size_t{16} + 8 * (((data[0] >> 1) & 3) % 3);
  if (size < 1 + key_len) return 0;
  const dstu::cipher::Aes kek({data + 1, key_len});
  const std::vector<std::uint8_t> wrapped(data + 1 + key_len, data + size);
  std::optional<dstu::SecureBytes> first;
  bool have = false;
  for (const char* path : {"native", "portable"}) {
    dstu::cpu::set_override(path);
    auto got = padded ? dstu::cipher::aes_kwp_unwrap(kek, wrapped) : dstu::cipher::aes_kw_unwrap(kek, wrapped);
    if (have && got != first) __builtin_trap();
    if (got) {
      const dstu::Bytes back = padded ? dstu::cipher::aes_kwp_wrap(kek, *got) : dstu::cipher::aes_kw_wrap(kek, *got);
      if (back != dstu::Bytes(wrapped.begin(), wrapped.end())) __builtin_trap();
    }
    first = std::move(got);
    have = true;
  }
  dstu::cpu::set_override("native");
  return 0;
}
