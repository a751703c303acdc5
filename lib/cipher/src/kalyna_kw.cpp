// DSTU 7624:2014's key wrap (§15): KW for whole blocks and KW with padding.
//
// KW: the data and one zero block are n = 2 (r + 1) half blocks B, b_1 .. b_(n-1); step i
// (1 .. 6 (n - 1)) computes X = E(B || b_1), sets B to X's second half XOR i (i as a
// little-endian integer at the start of the half block) and moves the queue on: b_1 is
// dropped, X's first half joins the end. The queue is a ring, so a step costs one block
// encryption whatever the length. Unwrapping runs the steps back with D and checks that
// the last block came back zero, in constant time. The step number is added as a
// little-endian integer over the half block: BouncyCastle's DSTU7624WrapEngine adds four
// octets and UAPKI's encrypt_kw one, which all agree while there are fewer than 256 steps
// (data up to 20 blocks); past that only BouncyCastle's and this agree.
//
// KW with padding (§15.4/15.5, for data longer than a block and not whole blocks): KW of
// data || its bit length in half a block (little-endian) || annex B.2 padding (0x80 and
// zeros to a whole block, a whole block when already aligned). Unwrapping checks, in
// constant time, the zero block, that the padding is B.2's minimal padding and that the
// length field holds the length that remains, which must be one wrap can produce; any
// failure is the same `false` with nothing released. UAPKI pads only data whose length
// field leaves a partial block and never checks the field; BouncyCastle has no padded KW.
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "kalyna_modes.hpp"

namespace dstu::cipher {
namespace {

using kalyna_modes::Block;

/// Wraps `data` (whole blocks, at least one; the zero block is appended here).
SecureBytes kw(const Kalyna& c, std::span<const std::uint8_t> data) {
  const std::size_t b = c.block_size(), h = b / 2, n = 2 * (data.size() / b + 1), ring = n - 1;
  SecureBytes q(ring * h, 0);  // b_1 .. b_(n-1); the last two halves are the zero block
  std::memcpy(q.data(), data.data() + h, data.size() - h);
  Block x;
  std::uint8_t B[32];
  std::memcpy(B, data.data(), h);
  std::size_t head = 0;
  const std::uint64_t steps = 6 * static_cast<std::uint64_t>(ring);
  for (std::uint64_t i = 1; i <= steps; ++i) {
    std::memcpy(x.data(), B, h);
    std::memcpy(x.data() + h, q.data() + head * h, h);
    c.encrypt_blocks(x.data(), x.data(), 1);
    std::memcpy(B, x.data() + h, h);
    store_le64(B, load_le64(B) ^ i);
    std::memcpy(q.data() + head * h, x.data(), h);  // becomes the last of the queue
    head = (head + 1) % ring;
  }
  SecureBytes out(n * h);
  std::memcpy(out.data(), B, h);
  for (std::size_t j = 0; j < ring; ++j) std::memcpy(out.data() + (j + 1) * h, q.data() + ((head + j) % ring) * h, h);
  secure_wipe(B, sizeof B);
  return out;
}

/// Unwraps `in` (whole blocks, at least two) into `out` (in.size() octets: the data and
/// the block that must be zero). Returns the all-ones mask when that block is zero.
ct::Mask unkw(const Kalyna& c, std::span<const std::uint8_t> in, SecureBytes& out) {
  const std::size_t b = c.block_size(), h = b / 2, n = in.size() / h, ring = n - 1;
  SecureBytes q(in.begin() + static_cast<std::ptrdiff_t>(h), in.end());
  Block x;
  std::uint8_t B[32];
  std::memcpy(B, in.data(), h);
  std::size_t head = 0;
  for (std::uint64_t i = 6 * static_cast<std::uint64_t>(ring); i >= 1; --i) {
    const std::size_t tail = (head + ring - 1) % ring;
    std::memcpy(x.data(), q.data() + tail * h, h);
    store_le64(B, load_le64(B) ^ i);
    std::memcpy(x.data() + h, B, h);
    c.decrypt_blocks(x.data(), x.data(), 1);
    std::memcpy(B, x.data(), h);
    std::memcpy(q.data() + tail * h, x.data() + h, h);  // becomes b_1
    head = tail;
  }
  out.assign(n * h, 0);
  std::memcpy(out.data(), B, h);
  for (std::size_t j = 0; j < ring; ++j) std::memcpy(out.data() + (j + 1) * h, q.data() + ((head + j) % ring) * h, h);
  std::uint64_t acc = 0;
  for (std::size_t j = out.size() - b; j < out.size(); ++j) acc |= out[j];
  secure_wipe(B, sizeof B);
  return ct::is_zero(acc);
}

bool whole_blocks(const Kalyna& c, std::size_t n, std::size_t least) {
  return n % c.block_size() == 0 && n >= least * c.block_size();
}

}  // namespace

SecureBytes kalyna_kw_wrap(const Kalyna& c, std::span<const std::uint8_t> in) {
  if (!whole_blocks(c, in.size(), 1)) {
    kalyna_modes::bad(c, "KW", "data of " + std::to_string(in.size()) + " octets (a positive whole number of " +
                                   std::to_string(c.block_size()) + "-octet blocks; KW with padding takes others)");
  }
  return kw(c, in);
}

bool kalyna_kw_unwrap(const Kalyna& c, std::span<const std::uint8_t> in, SecureBytes& out) {
  out.clear();
  if (!whole_blocks(c, in.size(), 2)) return false;
  SecureBytes all;
  const ct::Mask ok = unkw(c, in, all);
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  if (ct::value_barrier(ok) == 0) return false;
  out.assign(all.begin(), all.end() - static_cast<std::ptrdiff_t>(c.block_size()));
  return true;
}

SecureBytes kalyna_kwp_wrap(const Kalyna& c, std::span<const std::uint8_t> in) {
  const std::size_t b = c.block_size(), h = b / 2;
  if (in.size() <= b || in.size() % b == 0) {
    kalyna_modes::bad(c, "KW with padding", "data of " + std::to_string(in.size()) + " octets (more than a block and " +
                                                "not whole blocks; plain KW takes whole blocks)");
  }
  const std::size_t padded = (in.size() + h + 1 + b - 1) / b * b;
  SecureBytes p(padded, 0);
  std::memcpy(p.data(), in.data(), in.size());
  store_le64(p.data() + in.size(), 8 * static_cast<std::uint64_t>(in.size()));
  p[in.size() + h] = 0x80;
  return kw(c, p);
}

bool kalyna_kwp_unwrap(const Kalyna& c, std::span<const std::uint8_t> in, SecureBytes& out) {
  out.clear();
  const std::size_t b = c.block_size(), h = b / 2;
  if (!whole_blocks(c, in.size(), 3)) return false;
  SecureBytes all;
  ct::Mask ok = unkw(c, in, all);
  const std::size_t total = all.size() - b;  // the padded data
  // The B.2 marker is the last non-zero octet; every octet is read whatever the values.
  std::uint64_t marker_at = 0, marker = 0;
  for (std::size_t i = 0; i < total; ++i) {
    const ct::Mask nonzero = ~ct::is_zero(all[i]);
    marker_at = ct::select(nonzero, i, marker_at);
    marker = ct::select(nonzero, all[i], marker);
  }
  const std::uint64_t len = marker_at - h;  // wraps below when the marker is too early
  ok &= ct::eq(marker, 0x80);
  ok &= ~ct::lt(marker_at, b + h + 1);         // len > b
  ok &= ~ct::is_zero(len & (b - 1));           // not whole blocks (b a power of two)
  ok &= ~ct::lt(marker_at, total - b);         // minimal padding: the marker in the last block
  // The length field, octets len .. len + h - 1, must be 8 * len little-endian.
  const std::uint64_t bits = 8 * len;
  for (std::size_t i = 0; i < total; ++i) {
    // Position in the field, or huge. The barrier keeps the compiler from running the loop
    // (and addressing all[i]) on k, which depends on the secret length.
    const std::uint64_t k = ct::value_barrier(i) - len;
    const ct::Mask in_field = ct::lt(k, h);
    const std::uint64_t want = ct::select(ct::lt(k, 8), (bits >> (8 * (k & 7))) & 0xff, 0);
    ok &= ~in_field | ct::eq(all[i], want);
  }
  ct::unpoison(&ok, sizeof ok);  // the verdict and, when it holds, the length are public
  if (ct::value_barrier(ok) == 0) return false;
  ct::unpoison(&len, sizeof len);
  out.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(len));
  return true;
}

}  // namespace dstu::cipher
