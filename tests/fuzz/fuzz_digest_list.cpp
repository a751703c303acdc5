// Fuzz target: the lines of `dstu hash --check LIST`: every line gives a file and a
// digest of the length asked for, or an error for that line, never a crash; what it
// gives, written again as `dstu hash` writes it, reads back the same.
#include <cstdint>
#include <string>

#include "digest_list.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t digest_size = 1 + data[0] % 64;  // 1 to 64 octets, as the hashes have
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::size_t start = 0;
  for (std::size_t line = 1; start <= text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string where = "fuzz:" + std::to_string(line);
    const dstu::cli::DigestEntry e =
        dstu::cli::parse_digest_line(text.substr(start, end - start), digest_size, "h", where);
    if (e.error.empty()) {
      if (e.digest.size() != digest_size || e.file.empty()) __builtin_trap();
      const dstu::cli::DigestEntry again =
          dstu::cli::parse_digest_line(dstu::cli::digest_line(e.digest, e.file), digest_size, "h", where);
      if (!again.error.empty() || again.file != e.file || again.digest != e.digest) __builtin_trap();
    } else if (e.error.rfind(where + ": ", 0) != 0) {
      __builtin_trap();  // an error names its line
    }
    start = end + 1;
  }
  return 0;
}
