// Constant-time cases for DES and TDES (lib/cipher): key schedules and ECB both ways with
// the key and the data secret, five blocks (the AVX2 run takes four in one register and
// one alone; the portable run all one at a time).
#include <cstdio>
#include <string>
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/des.hpp"

namespace {

bool des(std::size_t key_len) {
  std::printf("  (DES kernels: %s)\n", std::string(dstu::cipher::des_path()).c_str());
  std::vector<std::uint8_t> key(key_len), data(8 * 5);
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i * 37 + 11);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 13 + 5);
  const auto plain = data;
  dstu::ct::poison(key.data(), key.size());
  dstu::ct::poison(data.data(), data.size());
  const dstu::cipher::Tdes c(key);
  std::vector<std::uint8_t> e(data.size()), d(data.size());
  c.encrypt_blocks(e.data(), data.data(), 5);
  c.decrypt_blocks(d.data(), e.data(), 5);
  dstu::ct::unpoison(d.data(), d.size());
  return d == plain;
}

dstu::ct_check::Register r1("des: key schedule, ECB both ways (key and data secret)", [] { return des(8); });
dstu::ct_check::Register r2("tdes: key schedule, ECB both ways (key and data secret)", [] { return des(24); });

}  // namespace
