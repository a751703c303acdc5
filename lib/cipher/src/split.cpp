// The parts of a split mode, its counters, and the choices between the split forms and
// their twins (split.hpp).
#include "split.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

namespace dstu::cipher::detail {
namespace {

constexpr std::size_t kCiphers = 13;  // the registry's twelve, and one for any other
constexpr std::size_t kSizes = 41;    // bit_width of the length, up to 2^40 octets

std::size_t cipher_slot(std::string_view name) {
  static const std::vector<std::string> names = block_cipher_names();
  const auto it = std::find(names.begin(), names.end(), name);
  return std::min<std::size_t>(static_cast<std::size_t>(it - names.begin()), kCiphers - 1);
}

}  // namespace

std::size_t split_parts(std::size_t blocks, int threads) {
  if (threads < 2) return 1;
  return std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(threads), blocks / kRunBlocks));
}

parallel::SplitChoice& split_choice(SplitMode mode, std::string_view cipher, std::size_t bytes) {
  constexpr std::size_t kSlots = static_cast<std::size_t>(SplitMode::count) * kCiphers * kSizes;
  static auto* table = new parallel::ChoiceTable<kSlots>;  // never destroyed: used until the last thread ends
  const std::size_t size = std::min<std::size_t>(static_cast<std::size_t>(std::bit_width(bytes)), kSizes - 1);
  return table->of((static_cast<std::size_t>(mode) * kCiphers + cipher_slot(cipher)) * kSizes + size);
}

void advance_counter(std::uint8_t* block, std::size_t n, Counter step, std::uint64_t k) {
  // k added as an integer over the counter's octets: the whole block big- or
  // little-endian, or its last four octets big-endian (mod 2^32). Every octet is
  // visited: a counter may be secret (Kalyna's E(iv), GCM's J0 of a long IV).
  const std::size_t width = step == Counter::big_endian_32 ? std::min<std::size_t>(n, 4) : n;
  for (std::size_t j = 0; j < width; ++j) {
    const std::size_t i = step == Counter::little_endian ? j : n - 1 - j;
    k += block[i];
    block[i] = static_cast<std::uint8_t>(k);
    k >>= 8;
  }
}

}  // namespace dstu::cipher::detail
