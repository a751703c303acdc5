// GOST 28147-89: key schedule, block encryption and the modes ECB, CTR, CFB and MAC.
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"

namespace dstu::cipher {
namespace {

using detail::RoundCt;
using detail::RoundVartime;

void check_sizes(std::span<std::uint8_t> out, std::span<const std::uint8_t> in, const char* what) {
  if (out.size() != in.size()) {
    throw_invalid(std::string("GOST 28147 ") + what + ": output size differs from input size");
  }
}

void check_iv(std::span<const std::uint8_t> iv) {
  if (iv.size() != 8) throw_invalid("GOST 28147: the IV must have 8 octets, got " + std::to_string(iv.size()));
}

/// XORs up to 8 octets of keystream word g into out from in.
void xor_block(std::uint8_t* out, const std::uint8_t* in, std::uint64_t g, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ (g >> (8 * i)));
}

}  // namespace

Gost28147::Gost28147(std::span<const std::uint8_t> key, const SBox& sbox, Gost28147Impl impl)
    : impl_(impl) {
  if (key.size() != key_size) {
    throw_invalid("GOST 28147: the key must have 32 octets, got " + std::to_string(key.size()));
  }
  for (int i = 0; i < 8; ++i) key_[i] = load_le32(key.data() + 4 * i);
  if (impl == Gost28147Impl::constant_time) {
    anf_ = detail::build_anf(sbox);
  } else {
    auto t = std::make_shared<detail::Gost28147Tables>();
    detail::build_tables(*t, sbox);
    tables_ = std::move(t);
  }
}

Gost28147::~Gost28147() { secure_wipe(key_.data(), sizeof key_); }

std::uint64_t Gost28147::encrypt_word(std::uint64_t block) const {
  if (impl_ == Gost28147Impl::constant_time) return detail::encrypt_word(RoundCt{anf_.data()}, key_.data(), block);
  return detail::encrypt_word(RoundVartime{*tables_}, key_.data(), block);
}

std::uint64_t Gost28147::decrypt_word(std::uint64_t block) const {
  if (impl_ == Gost28147Impl::constant_time) return detail::decrypt_word(RoundCt{anf_.data()}, key_.data(), block);
  return detail::decrypt_word(RoundVartime{*tables_}, key_.data(), block);
}

void Gost28147::encrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const {
  store_le64(out, encrypt_word(load_le64(in)));
}

void Gost28147::decrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const {
  store_le64(out, decrypt_word(load_le64(in)));
}

void Gost28147::ecb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const {
  check_sizes(out, in, "ECB");
  if (in.size() % 8 != 0) throw_invalid("GOST 28147 ECB: the length must be a multiple of 8 octets");
  for (std::size_t i = 0; i < in.size(); i += 8) encrypt_block(out.data() + i, in.data() + i);
}

void Gost28147::ecb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const {
  check_sizes(out, in, "ECB");
  if (in.size() % 8 != 0) throw_invalid("GOST 28147 ECB: the length must be a multiple of 8 octets");
  for (std::size_t i = 0; i < in.size(); i += 8) decrypt_block(out.data() + i, in.data() + i);
}

void Gost28147::ctr_crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CTR");
  check_iv(iv);
  const std::uint64_t s = encrypt_word(load_le64(iv.data()));
  std::uint32_t n3 = static_cast<std::uint32_t>(s), n4 = static_cast<std::uint32_t>(s >> 32);
  for (std::size_t i = 0; i < in.size(); i += 8) {
    n3 += 0x01010101u;  // C2, mod 2^32
    // C1 = 0x01010104 added mod 2^32 - 1 (values 1..2^32-1; 0 and 2^32-1 are the same).
    const std::uint64_t t = static_cast<std::uint64_t>(n4) + 0x01010104u;
    n4 = static_cast<std::uint32_t>(t + (t >> 32));
    const std::uint64_t g = encrypt_word(static_cast<std::uint64_t>(n3) | static_cast<std::uint64_t>(n4) << 32);
    xor_block(out.data() + i, in.data() + i, g, std::min<std::size_t>(8, in.size() - i));
  }
}

void Gost28147::cfb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                            std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CFB");
  check_iv(iv);
  std::uint64_t feedback = load_le64(iv.data());
  for (std::size_t i = 0; i < in.size(); i += 8) {
    const std::size_t n = std::min<std::size_t>(8, in.size() - i);
    const std::uint64_t g = encrypt_word(feedback);
    xor_block(out.data() + i, in.data() + i, g, n);
    if (n == 8) feedback = load_le64(out.data() + i);
  }
}

void Gost28147::cfb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                            std::span<const std::uint8_t> iv) const {
  check_sizes(out, in, "CFB");
  check_iv(iv);
  std::uint64_t feedback = load_le64(iv.data());
  for (std::size_t i = 0; i < in.size(); i += 8) {
    const std::size_t n = std::min<std::size_t>(8, in.size() - i);
    const std::uint64_t g = encrypt_word(feedback);
    if (n == 8) feedback = load_le64(in.data() + i);  // read before out may overwrite in
    xor_block(out.data() + i, in.data() + i, g, n);
  }
}

std::array<std::uint8_t, 4> Gost28147::mac(std::span<const std::uint8_t> data) const {
  std::uint32_t a = 0, b = 0;
  auto absorb = [&](std::uint64_t m) {
    a ^= static_cast<std::uint32_t>(m);
    b ^= static_cast<std::uint32_t>(m >> 32);
    if (impl_ == Gost28147Impl::constant_time) {
      detail::rounds<16>(RoundCt{anf_.data()}, key_.data(), detail::enc_key_index, a, b);
    } else {
      detail::rounds<16>(RoundVartime{*tables_}, key_.data(), detail::enc_key_index, a, b);
    }
  };
  std::size_t i = 0;
  for (; i + 8 <= data.size(); i += 8) absorb(load_le64(data.data() + i));
  if (i < data.size()) {
    std::uint8_t last[8] = {};
    std::memcpy(last, data.data() + i, data.size() - i);
    absorb(load_le64(last));
    secure_wipe(last, sizeof last);
  }
  std::array<std::uint8_t, 4> out{};
  store_le32(out.data(), a);
  a = b = 0;
  return out;
}

}  // namespace dstu::cipher
