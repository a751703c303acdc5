// Fuzz target: the GOST 28147-89 key unwrap (dstu/cipher/gost28147.hpp). Input: one flag
// octet (bit 0: the GOST R 34.11-94 test S-box instead of DKE No.1), a 32-octet KEK,
// then either a wrapped key (44 octets: unwrapped with the constant-time kernels of the
// portable and the native path and with the table rounds, which must agree, and a
// refusal must leave the output all zero), or a key and an IV (40 octets: wrapped, then
// unwrapped back), or anything else (refused as a wrong length).
#include <cstdint>
#include <cstring>

#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cpu/features.hpp"

namespace ci = dstu::cipher;

namespace {

struct Unwrapped {
  bool ok;
  std::uint8_t cek[32];
};

Unwrapped unwrap(const ci::Gost28147& kek, std::span<const std::uint8_t> wrapped) {
  Unwrapped u{};
  std::memset(u.cek, 0x5a, sizeof u.cek);
  u.ok = ci::gost28147_unwrap(kek, wrapped, u.cek);
  if (!u.ok) {
    for (std::uint8_t x : u.cek) {
      if (x != 0) __builtin_trap();  // a refused unwrap released something
    }
  }
  return u;
}

bool same(const Unwrapped& a, const Unwrapped& b) { return a.ok == b.ok && std::memcmp(a.cek, b.cek, 32) == 0; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 33) return 0;
  const ci::SBox& sbox = (data[0] & 1) ? ci::SBox::test_paramset() : ci::SBox::dke1();
  const std::span<const std::uint8_t> key(data + 1, 32), rest(data + 33, size - 33);
  const ci::Gost28147 kek(key, sbox), table(key, sbox, ci::Gost28147Impl::table_vartime);
  if (rest.size() == ci::kGost28147WrappedSize) {
    const Unwrapped native = unwrap(kek, rest);
    dstu::cpu::set_override("portable");
    const Unwrapped portable = unwrap(kek, rest);
    dstu::cpu::set_override("native");
    if (!same(native, portable) || !same(native, unwrap(table, rest))) __builtin_trap();
    return 0;
  }
  if (rest.size() == 40) {
    const auto wrapped = ci::gost28147_wrap(kek, std::span<const std::uint8_t, 32>(rest.data(), 32),
                                            std::span<const std::uint8_t, 8>(rest.data() + 32, 8));
    const Unwrapped back = unwrap(table, wrapped);
    if (!back.ok || std::memcmp(back.cek, rest.data(), 32) != 0) __builtin_trap();
    return 0;
  }
  try {
    std::uint8_t cek[32];
    (void)ci::gost28147_unwrap(kek, rest, cek);
    __builtin_trap();  // a wrapped key of another length was accepted
  } catch (const dstu::Error&) {
  }
  return 0;
}
