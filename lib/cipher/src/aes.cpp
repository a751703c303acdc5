// AES as a BlockCipher (aes.hpp) and its fused CTR and CBC over the path's kernels.
#include "dstu/cipher/aes.hpp"

#include <cstring>
#include <string>

#include "aes_internal.hpp"
#include "split.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher {
namespace {

using aes_impl::kernels;

[[noreturn]] void bad(const Aes& c, const char* mode, const std::string& what) {
  throw_invalid(std::string(c.name()) + " " + mode + ": " + what);
}

void check_whole(const Aes& c, const char* mode, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                 std::span<const std::uint8_t> iv) {
  if (out.size() != in.size()) bad(c, mode, "output length differs from input length");
  if (in.size() % 16 != 0) {
    bad(c, mode, "input of " + std::to_string(in.size()) + " octets is not a whole number of 16-octet blocks");
  }
  if (iv.size() != 16) bad(c, mode, "IV of " + std::to_string(iv.size()) + " octets (16 expected)");
}

std::uint32_t low32(const std::uint8_t* ctr) {
  return static_cast<std::uint32_t>(ctr[12]) << 24 | static_cast<std::uint32_t>(ctr[13]) << 16 |
         static_cast<std::uint32_t>(ctr[14]) << 8 | ctr[15];
}

/// ctr += n as a big-endian integer over its last `width` octets (16 or 4).
void advance(std::uint8_t* ctr, std::uint64_t n, std::size_t width) {
  for (std::size_t i = 16; i-- > 16 - width && n != 0;) {
    n += ctr[i];
    ctr[i] = static_cast<std::uint8_t>(n);
    n >>= 8;
  }
}

}  // namespace

Aes::Aes(std::span<const std::uint8_t> key) : keys_(std::make_unique<aes_impl::AesKeys>()), key_size_(key.size()) {
  if (key.size() != 16 && key.size() != 24 && key.size() != 32) {
    throw_invalid("AES: a key of " + std::to_string(key.size()) + " octets (16, 24 or 32 expected)");
  }
  aes_impl::expand_key(*keys_, key.data(), key.size());
}

Aes::~Aes() { secure_wipe(keys_.get(), sizeof(aes_impl::AesKeys)); }

std::string_view Aes::name() const {
  return key_size_ == 16 ? "aes128" : key_size_ == 24 ? "aes192" : "aes256";
}

void Aes::encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  kernels().encrypt(*keys_, out, in, blocks);
}

void Aes::decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  kernels().decrypt(*keys_, out, in, blocks);
}

std::unique_ptr<BlockCipher> make_aes(std::span<const std::uint8_t> key) { return std::make_unique<Aes>(key); }

void aes_ctr_crypt(const Aes& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, Counter step) {
  if (step == Counter::little_endian) return ctr_crypt(c, counter, out, in, step);
  if (out.size() != in.size()) bad(c, "CTR", "output length differs from input length");
  if (counter.size() != 16) bad(c, "CTR", "counter block of " + std::to_string(counter.size()) + " octets (16 expected)");
  const aes_impl::Kernels& k = kernels();
  std::uint8_t ctr[16];
  std::memcpy(ctr, counter.data(), 16);
  const std::size_t width = step == Counter::big_endian ? 16 : 4;
  std::size_t at = 0;
  std::size_t blocks = in.size() / 16;
  while (blocks > 0) {
    // The kernels step the last 32 bits only: a whole-block counter is split where they wrap.
    std::uint64_t run = blocks;
    if (width == 16) run = std::min<std::uint64_t>(run, (std::uint64_t{1} << 32) - low32(ctr));
    k.ctr(c.schedule(), ctr, out.data() + at, in.data() + at, run);
    advance(ctr, run, width);
    at += 16 * run;
    blocks -= run;
  }
  if (at < in.size()) {
    std::uint8_t ks[16] = {};
    k.ctr(c.schedule(), ctr, ks, ks, 1);
    for (std::size_t i = at; i < in.size(); ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i - at]);
    secure_wipe(ks, sizeof ks);
  }
}

namespace {

void cbc(const Aes& c, aes_impl::CbcFn aes_impl::Kernels::*fn, std::span<const std::uint8_t> iv,
         std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  check_whole(c, "CBC", out, in, iv);
  std::uint8_t x[16];
  std::memcpy(x, iv.data(), 16);
  (kernels().*fn)(c.schedule(), x, out.data(), in.data(), in.size() / 16);
}

}  // namespace

void aes_cbc_encrypt(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> in) {
  cbc(c, &aes_impl::Kernels::cbc_encrypt, iv, out, in);
}

void aes_cbc_decrypt(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> in) {
  cbc(c, &aes_impl::Kernels::cbc_decrypt, iv, out, in);
}

void aes_ctr_crypt_parallel(const Aes& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                            std::span<const std::uint8_t> in, Counter step, int threads, Split split) {
  if (out.size() != in.size() || counter.size() != 16) return aes_ctr_crypt(c, counter, out, in, step);  // refused
  detail::run_counter(detail::SplitMode::aes_ctr, c.name(), 16, counter, step, out, in, threads, split,
                      [&](auto part_ctr, auto part_out, auto part_in) {
                        aes_ctr_crypt(c, part_ctr, part_out, part_in, step);
                      });
}

void aes_cbc_decrypt_parallel(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                              std::span<const std::uint8_t> in, int threads, Split split) {
  if (out.size() != in.size() || in.size() % 16 != 0 || iv.size() != 16) return aes_cbc_decrypt(c, iv, out, in);
  detail::run_chained(detail::SplitMode::aes_cbc_decrypt, c.name(), 16, iv, out, in, threads, split,
                      [&](auto part_iv, auto part_out, auto part_in) { aes_cbc_decrypt(c, part_iv, part_out, part_in); });
}

std::string_view aes_path() { return kernels().name; }

}  // namespace dstu::cipher
