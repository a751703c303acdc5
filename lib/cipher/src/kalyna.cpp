// Kalyna (DSTU 7624:2014): the block cipher object and its stream-like modes (CTR, CFB,
// OFB) on the constant-time SPN layer (kalyna_spn.hpp).
#include "dstu/cipher/kalyna.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/modes.hpp"
#include "kalyna_spn.hpp"
#include "split.hpp"

namespace dstu::cipher {
namespace {

spn::Geometry geometry_of(std::size_t block_bits) {
  if (block_bits == 128) return spn::Geometry::kalyna128;
  if (block_bits == 256) return spn::Geometry::kalyna256;
  return spn::Geometry::kalyna512;
}

/// One block of state, wiped when it goes.
struct Block {
  std::array<std::uint8_t, 64> bytes{};
  ~Block() { secure_wipe(bytes.data(), bytes.size()); }
  std::uint8_t* data() { return bytes.data(); }
};

void check_iv(const Kalyna& c, const char* mode, std::span<const std::uint8_t> iv) {
  if (iv.size() != c.block_size()) {
    throw_invalid(std::string(c.name()) + " " + mode + ": IV of " + std::to_string(iv.size()) + " octets (" +
                  std::to_string(c.block_size()) + " expected)");
  }
}

void check_same_length(const Kalyna& c, const char* mode, std::size_t out, std::size_t in) {
  if (out != in) throw_invalid(std::string(c.name()) + " " + mode + ": output length differs from input length");
}

}  // namespace

Kalyna::Kalyna(std::size_t block_bits, std::span<const std::uint8_t> key)
    : block_(block_bits / 8), key_(key.size()), ks_(std::make_unique<spn::KalynaSchedule>()) {
  const bool block_ok = block_bits == 128 || block_bits == 256 || block_bits == 512;
  const bool key_ok = block_ok && (key.size() == block_ || (key.size() == 2 * block_ && block_bits != 512));
  if (!block_ok) throw_invalid("Kalyna: a block of " + std::to_string(block_bits) + " bits (128, 256 or 512 expected)");
  name_ = "kalyna" + std::to_string(block_bits) + "-" + std::to_string(8 * key.size());
  if (!key_ok) {
    throw_invalid("Kalyna: a " + std::to_string(8 * key.size()) + "-bit key with a " + std::to_string(block_bits) +
                  "-bit block (the block's length" + (block_bits == 512 ? "" : " or twice it") + " expected)");
  }
  spn::kalyna_expand_key(*ks_, geometry_of(block_bits), key);
}

Kalyna::~Kalyna() = default;

void Kalyna::encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  spn::kalyna_encrypt(*ks_, out, in, blocks);
}

void Kalyna::decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  spn::kalyna_decrypt(*ks_, out, in, blocks);
}

std::unique_ptr<BlockCipher> make_kalyna(std::size_t block_bits, std::span<const std::uint8_t> key) {
  return std::make_unique<Kalyna>(block_bits, key);
}

const char* kalyna_cpu_path() { return spn::path_name(spn::active_path()); }

SecureBytes dstu7624_pad(std::span<const std::uint8_t> in, std::size_t block) {
  if (block == 0 || block > 255) throw_invalid("DSTU 7624 padding: a block of " + std::to_string(block) + " octets");
  SecureBytes out(in.begin(), in.end());
  out.push_back(0x80);
  out.resize((out.size() + block - 1) / block * block, 0);
  return out;
}

std::ptrdiff_t dstu7624_unpadded_length(std::span<const std::uint8_t> in, std::size_t block) {
  if (block == 0 || block > 255 || in.empty() || in.size() % block != 0) return -1;
  // The last non-zero octet of the last block must be 0x80; every octet is read.
  const std::size_t from = in.size() - block;
  std::uint64_t at = 0, marker = 0;
  for (std::size_t i = from; i < in.size(); ++i) {
    const ct::Mask nonzero = ~ct::is_zero(in[i]);
    at = ct::select(nonzero, i, at);
    marker = ct::select(nonzero, in[i], marker);
  }
  return ct::value_barrier(ct::eq(marker, 0x80)) != 0 ? static_cast<std::ptrdiff_t>(at) : -1;
}

namespace {

/// CTR from the counter block `start`: keystream block i is E(start + i), the sum over
/// the whole block as a little-endian integer. Here the counter is words with carries by
/// add-with-carry, and runs of 1 KiB go to the cipher at once.
void ctr_from(const Kalyna& c, const std::uint8_t* start, std::span<std::uint8_t> out,
              std::span<const std::uint8_t> in) {
  const std::size_t b = c.block_size(), words = b / 8;
  std::uint64_t ctr[8];
  for (std::size_t i = 0; i < words; ++i) ctr[i] = load_le64(start + 8 * i);
  auto step = [&] {
    bool carry = true;
    for (std::size_t i = 0; i < words; ++i) carry = __builtin_add_overflow(ctr[i], std::uint64_t{carry}, &ctr[i]);
  };
  struct KeyStream {
    std::array<std::uint8_t, 1024> bytes{};
    ~KeyStream() { secure_wipe(bytes.data(), bytes.size()); }
  } ks;
  const std::size_t run = ks.bytes.size() / b;
  for (std::size_t at = 0; at < in.size();) {
    const std::size_t blocks = std::min(run, (in.size() - at + b - 1) / b);
    for (std::size_t j = 0; j < blocks; ++j) {
      for (std::size_t i = 0; i < words; ++i) store_le64(ks.bytes.data() + j * b + 8 * i, ctr[i]);
      step();
    }
    c.encrypt_blocks(ks.bytes.data(), ks.bytes.data(), blocks);
    const std::size_t len = std::min(blocks * b, in.size() - at);
    for (std::size_t i = 0; i < len; ++i) out[at + i] = static_cast<std::uint8_t>(in[at + i] ^ ks.bytes[i]);
    at += len;
  }
  secure_wipe(ctr, sizeof ctr);
}

/// The first counter block, E(iv) + 1 (secret: it is wiped with the Block).
void first_counter(const Kalyna& c, std::span<const std::uint8_t> iv, Block& first) {
  c.encrypt_blocks(first.data(), iv.data(), 1);
  detail::advance_counter(first.data(), c.block_size(), Counter::little_endian, 1);
}

}  // namespace

void kalyna_ctr_crypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in) {
  check_iv(c, "CTR", iv);
  check_same_length(c, "CTR", out.size(), in.size());
  // SP 800-38A's CTR from the counter E(iv) + 1 stepping the whole block as a
  // little-endian integer (the generic ctr_crypt with Counter::little_endian computes the
  // same).
  Block first;
  first_counter(c, iv, first);
  ctr_from(c, first.data(), out, in);
}

void kalyna_ctr_crypt_parallel(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                               std::span<const std::uint8_t> in, int threads, Split split) {
  check_iv(c, "CTR", iv);
  check_same_length(c, "CTR", out.size(), in.size());
  Block first;
  first_counter(c, iv, first);
  detail::run_counter(detail::SplitMode::kalyna_ctr, c.name(), c.block_size(),
                      std::span<const std::uint8_t>(first.data(), c.block_size()), Counter::little_endian, out, in,
                      threads, split,
                      [&](auto part_ctr, auto part_out, auto part_in) { ctr_from(c, part_ctr.data(), part_out, part_in); });
}

void kalyna_ofb_crypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in) {
  ofb_crypt(c, iv, out, in);
}

namespace {

/// DSTU 7624's CFB segment by segment: gamma = E(S); the data segment takes the last q
/// octets of gamma (the last n of a short last segment); S becomes gamma with its last q
/// octets replaced by the ciphertext.
template <bool Decrypt>
void cfb_segments(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                  std::span<const std::uint8_t> in, std::size_t q) {
  const std::size_t b = c.block_size();
  Block s, gamma, seg;
  std::memcpy(s.data(), iv.data(), b);
  for (std::size_t at = 0; at < in.size(); at += q) {
    const std::size_t n = std::min(q, in.size() - at);
    c.encrypt_blocks(gamma.data(), s.data(), 1);
    // The ciphertext segment (the input when decrypting; out may be in).
    if (Decrypt) std::memcpy(seg.data(), in.data() + at, n);
    for (std::size_t i = 0; i < n; ++i) out[at + i] = static_cast<std::uint8_t>(in[at + i] ^ gamma.bytes[b - n + i]);
    if (!Decrypt) std::memcpy(seg.data(), out.data() + at, n);
    std::memcpy(s.data(), gamma.data(), b - q);
    std::memcpy(s.data() + b - q, seg.data(), n);
  }
}

void check_cfb(const Kalyna& c, std::span<const std::uint8_t> iv, std::size_t out, std::size_t in, std::size_t q) {
  check_iv(c, "CFB", iv);
  check_same_length(c, "CFB", out, in);
  if (q > c.block_size()) {
    throw_invalid(std::string(c.name()) + " CFB: feedback of " + std::to_string(q) + " octets is longer than the block");
  }
}

}  // namespace

void kalyna_cfb_encrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, std::size_t q) {
  check_cfb(c, iv, out.size(), in.size(), q);
  if (q != 0 && q != c.block_size()) return cfb_segments<false>(c, iv, out, in, q);
  // Whole blocks are SP 800-38A's CFB; a partial last block takes the last octets of its
  // gamma, which the generic CFB (the first octets) does not.
  const std::size_t whole = in.size() / c.block_size() * c.block_size();
  cfb_encrypt(c, iv, out.first(whole), in.first(whole));
  const auto feed = whole == 0 ? iv : std::span<const std::uint8_t>(out.data() + whole - c.block_size(), c.block_size());
  cfb_segments<false>(c, feed, out.subspan(whole), in.subspan(whole), c.block_size());
}

void kalyna_cfb_decrypt(const Kalyna& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, std::size_t q) {
  check_cfb(c, iv, out.size(), in.size(), q);
  if (q != 0 && q != c.block_size()) return cfb_segments<true>(c, iv, out, in, q);
  const std::size_t whole = in.size() / c.block_size() * c.block_size();
  Block feed;  // the last whole ciphertext block (out may be in)
  std::memcpy(feed.data(), whole == 0 ? iv.data() : in.data() + whole - c.block_size(), c.block_size());
  cfb_decrypt(c, iv, out.first(whole), in.first(whole));
  cfb_segments<true>(c, std::span<const std::uint8_t>(feed.data(), c.block_size()), out.subspan(whole),
                     in.subspan(whole), c.block_size());
}

}  // namespace dstu::cipher
