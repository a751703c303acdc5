// Fuzz target: the lines of `dstu verify --batch LIST`: every line gives a request or
// an error for that line, never a crash; a request never names standard input.
#include <cstdint>
#include <string>

#include "batch_list.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  for (std::size_t line = 1; start <= text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const dstu::cli::ListEntry e = dstu::cli::parse_list_line(text.substr(start, end - start), "fuzz:" + std::to_string(line));
    if (e.error.empty() && !e.file.empty() && (e.file == "-" || e.sig_path == "-")) __builtin_trap();
    start = end + 1;
  }
  return 0;
}
