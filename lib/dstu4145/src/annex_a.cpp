// The DSTU 4145-2002 Annex A generator.
#include "dstu/dstu4145/annex_a.hpp"

#include <chrono>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::dstu4145 {

AnnexARandom::AnnexARandom(std::span<const std::uint8_t, 32> key, std::uint64_t seed, std::uint64_t datetime)
    : cipher_(key, cipher::SBox::dke1(), cipher::Gost28147Impl::constant_time), s_(seed) {
  i_ = cipher_.encrypt_word(datetime);
}

AnnexARandom AnnexARandom::from_os() {
  std::array<std::uint8_t, 40> seed{};
  rng::os_random(seed);
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto d = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(now).count());
  AnnexARandom r(std::span<const std::uint8_t, 32>(seed.data(), 32), load_le64(seed.data() + 32), d);
  secure_wipe(seed.data(), seed.size());
  return r;
}

AnnexARandom::~AnnexARandom() {
  secure_wipe(&i_, sizeof i_);
  secure_wipe(&s_, sizeof s_);
}

void AnnexARandom::fill(std::span<std::uint8_t> out) {
  for (std::uint8_t& byte : out) {
    std::uint8_t v = 0;
    for (int bit = 0; bit < 8; ++bit) {
      const std::uint64_t x = cipher_.encrypt_word(i_ ^ s_);
      s_ = cipher_.encrypt_word(x ^ i_);
      v |= static_cast<std::uint8_t>((x & 1) << bit);
    }
    byte = v;
  }
}

}  // namespace dstu::dstu4145
