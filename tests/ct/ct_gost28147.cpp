// Constant-time cases for GOST 28147-89 (constant_time implementation) and the hash that
// runs it with a secret key: the key and the data marked secret through the key
// schedule, ECB both ways, the gamma (also split over two threads), gamma with feedback,
// the MAC, the key wrap and unwrap, and HMAC-GOST34.311 (GOST 34.311's four-key
// encryptions). The checker runs once on the portable path and once on the AVX2 one
// (tests/ct/CMakeLists.txt); the AVX-512 kernels are beyond Valgrind. Lengths cover a
// whole group of the AVX2 kernel (32 blocks) and a tail. Results are compared with the
// table implementation, computed before the secrets are marked.
#include <array>
#include <cstring>

#include "ct_check.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/hash/gost34311.hpp"

namespace {

using dstu::Bytes;
using dstu::ct::poison;
using dstu::ct::unpoison;
namespace ci = dstu::cipher;

constexpr std::size_t kLen = 8 * 37 + 5;  // 37 whole blocks and a partial one

struct Inputs {
  std::array<std::uint8_t, 32> key;
  std::array<std::uint8_t, 8> iv;
  Bytes data = Bytes(kLen);
  Inputs() {
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(7 * i + 1);
    for (std::size_t i = 0; i < iv.size(); ++i) iv[i] = static_cast<std::uint8_t>(0x51 + i);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(3 * i + 11);
  }
  void poison_all() {
    poison(key.data(), key.size());
    poison(iv.data(), iv.size());
    poison(data.data(), data.size());
  }
};

bool declassified_equal(Bytes got, const Bytes& want) {
  unpoison(got.data(), got.size());
  return got == want;
}

bool modes() {
  Inputs in;
  const ci::Gost28147 table(in.key, ci::SBox::dke1(), ci::Gost28147Impl::table_vartime);
  const std::size_t whole = kLen / 8 * 8;
  Bytes want_ecb(whole), want_ctr(kLen), want_cfb(kLen), want_back(kLen);
  table.ecb_encrypt(want_ecb, std::span<const std::uint8_t>(in.data).first(whole));
  table.ctr_crypt(want_ctr, in.data, in.iv);
  table.cfb_encrypt(want_cfb, in.data, in.iv);
  table.cfb_decrypt(want_back, in.data, in.iv);
  const auto want_mac = table.mac(in.data);

  in.poison_all();
  const ci::Gost28147 c(in.key);
  Bytes ecb(whole), ecb_back(whole), ctr(kLen), cfb(kLen), back(kLen);
  c.ecb_encrypt(ecb, std::span<const std::uint8_t>(in.data).first(whole));
  c.ecb_decrypt(ecb_back, ecb);
  c.ctr_crypt(ctr, in.data, in.iv);
  Bytes ctr_split(kLen);  // two parts: the second from the counters stepped at once
  c.ctr_crypt_parallel(ctr_split, in.data, in.iv, 2, ci::Split::always);
  c.cfb_encrypt(cfb, in.data, in.iv);
  c.cfb_decrypt(back, in.data, in.iv);
  auto mac = c.mac(in.data);
  unpoison(mac.data(), mac.size());
  unpoison(in.data.data(), in.data.size());
  return declassified_equal(ecb, want_ecb) &&
         declassified_equal(ecb_back, Bytes(in.data.begin(), in.data.begin() + static_cast<std::ptrdiff_t>(whole))) &&
         declassified_equal(ctr, want_ctr) && declassified_equal(ctr_split, want_ctr) &&
         declassified_equal(cfb, want_cfb) &&
         declassified_equal(back, want_back) && mac == want_mac;
}

bool wrap_unwrap() {
  Inputs in;
  const ci::Gost28147 table(in.key, ci::SBox::dke1(), ci::Gost28147Impl::table_vartime);
  const std::span<const std::uint8_t, 32> cek(in.data.data(), 32);
  const auto want = ci::gost28147_wrap(table, cek, in.iv);

  in.poison_all();
  const ci::Gost28147 kek(in.key);
  auto wrapped = ci::gost28147_wrap(kek, cek, in.iv);
  std::uint8_t back[32];
  bool ok = ci::gost28147_unwrap(kek, wrapped, back);
  // A refused unwrap takes the same path: one octet changed.
  auto bad = wrapped;
  bad[17] ^= 4;
  std::uint8_t refused[32];
  bool bad_ok = ci::gost28147_unwrap(kek, bad, refused);
  unpoison(&ok, sizeof ok);
  unpoison(&bad_ok, sizeof bad_ok);
  unpoison(wrapped.data(), wrapped.size());
  unpoison(back, sizeof back);
  unpoison(refused, sizeof refused);
  unpoison(in.data.data(), in.data.size());
  const Bytes zero(32, 0);
  return ok && !bad_ok && wrapped == want && std::memcmp(back, in.data.data(), 32) == 0 &&
         Bytes(refused, refused + 32) == zero;
}

bool hmac_gost34311() {
  Inputs in;
  dstu::hash::Gost34311Params table;
  table.impl = ci::Gost28147Impl::table_vartime;  // HMAC ignores it: constant time always
  const auto want = dstu::hash::HmacGost34311::mac(in.key, in.data);
  in.poison_all();
  auto got = dstu::hash::HmacGost34311::mac(in.key, in.data, table);
  unpoison(got.data(), got.size());
  return got == want;
}

dstu::ct_check::Register r1("gost28147: ECB, gamma (also split), CFB, MAC (secret key and data)", modes);
dstu::ct_check::Register r2("gost28147: key wrap and unwrap, a refused one too", wrap_unwrap);
dstu::ct_check::Register r3("hash: HMAC-GOST34.311 (secret key and data)", hmac_gost34311);

}  // namespace
