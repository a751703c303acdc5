// GOST 28147-89: key schedules, the choice of kernels, and the cipher object (the
// block primitive both ways; the modes are in gost28147_modes.cpp).
#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

namespace dstu::cipher {
namespace detail {

/// The schedules of both directions. Secret.
struct Gost28147Keys {
  Gost28147Schedule enc, dec;
  Gost28147Keys() = default;
  Gost28147Keys(const Gost28147Keys&) = default;
  ~Gost28147Keys() { secure_wipe(this, sizeof *this); }
};

void build_schedule(Gost28147Schedule& out, const std::uint32_t k[8], bool decrypt) {
  for (int r = 0; r < 32; ++r) {
    const std::uint32_t w = k[decrypt ? dec_key_index(r) : enc_key_index(r)];
    out.rk[r] = w;
    for (int j = 0; j < 4; ++j) {
      const std::uint32_t octet = (w >> (8 * j)) & 0xff;
      out.sliced[r][j] = (octet ^ 0x80) * 0x01010101u;
      out.sliced[r][4 + j] = j < 3 ? (octet ^ 0x7f) * 0x01010101u : 0;
    }
  }
}

const Gost28147Kernels& gost28147_kernels() {
  const cpu::Features& f = cpu::active();
  // The VBMI kernel takes twice the blocks per instruction of the AVX2 one and needs no
  // byte slicing; measured by tests/perf/gost28147_speed.
  if (f.avx512f && f.avx512bw && f.avx512vl && f.avx512vbmi) return kGost28147Avx512Vbmi;
  if (f.avx512f && f.avx512bw && f.avx2) return kGost28147Avx512Bw;
  if (f.avx2) return kGost28147Avx2;
  return kGost28147Portable;
}

}  // namespace detail

namespace {

/// `rounds` table rounds on n blocks, round keys in order of use (public inputs only).
void run_vartime(const detail::Gost28147Tables& t, const std::uint32_t* rk, int rounds, std::uint8_t* out,
                 const std::uint8_t* in, std::size_t n) {
  const detail::RoundVartime f{t};
  const auto in_order = [](int r) { return r; };
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t a = load_le32(in + 8 * i), b = load_le32(in + 8 * i + 4);
    if (rounds == 32) {
      detail::rounds<32>(f, rk, in_order, a, b);
    } else {
      detail::rounds<16>(f, rk, in_order, a, b);
    }
    store_le32(out + 8 * i, b);
    store_le32(out + 8 * i + 4, a);
  }
}

}  // namespace

Gost28147::Gost28147(std::span<const std::uint8_t> key, const SBox& sbox, Gost28147Impl impl)
    : impl_(impl), keys_(std::make_unique<detail::Gost28147Keys>()) {
  if (key.size() != 32) {
    throw_invalid("GOST 28147: the key must have 32 octets, got " + std::to_string(key.size()));
  }
  std::uint32_t k[8];
  for (int i = 0; i < 8; ++i) k[i] = load_le32(key.data() + 4 * i);
  detail::build_schedule(keys_->enc, k, false);
  detail::build_schedule(keys_->dec, k, true);
  secure_wipe(k, sizeof k);
  if (impl == Gost28147Impl::constant_time) {
    auto s = std::make_shared<detail::Gost28147CtSbox>();
    detail::build_ct_sbox(*s, sbox);
    ct_ = std::move(s);
  } else {
    auto t = std::make_shared<detail::Gost28147Tables>();
    detail::build_tables(*t, sbox);
    tables_ = std::move(t);
  }
}

Gost28147::Gost28147(const Gost28147& o)
    : impl_(o.impl_), keys_(std::make_unique<detail::Gost28147Keys>(*o.keys_)), ct_(o.ct_), tables_(o.tables_) {}

Gost28147& Gost28147::operator=(const Gost28147& o) {
  if (this != &o) *this = Gost28147(o);
  return *this;
}

Gost28147::Gost28147(Gost28147&&) noexcept = default;
Gost28147& Gost28147::operator=(Gost28147&&) noexcept = default;
Gost28147::~Gost28147() = default;

void Gost28147::run(bool decrypt, int rounds, std::uint8_t* out, const std::uint8_t* in, std::size_t n) const {
  const detail::Gost28147Schedule& s = decrypt ? keys_->dec : keys_->enc;
  if (impl_ == Gost28147Impl::table_vartime) {
    run_vartime(*tables_, s.rk, rounds, out, in, n);
  } else {
    detail::gost28147_kernels().blocks(*ct_, s, rounds, out, in, n);
  }
}

void Gost28147::encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  run(false, 32, out, in, blocks);
}

void Gost28147::decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  run(true, 32, out, in, blocks);
}

void Gost28147::encrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const { run(false, 32, out, in, 1); }

void Gost28147::decrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const { run(true, 32, out, in, 1); }

std::uint64_t Gost28147::run_word(bool decrypt, std::uint64_t block) const {
  std::uint8_t b[8];
  store_le64(b, block);
  run(decrypt, 32, b, b, 1);
  const std::uint64_t r = load_le64(b);
  secure_wipe(b, sizeof b);
  return r;
}

std::uint64_t Gost28147::encrypt_word(std::uint64_t block) const { return run_word(false, block); }

std::uint64_t Gost28147::decrypt_word(std::uint64_t block) const { return run_word(true, block); }

std::unique_ptr<BlockCipher> make_gost28147(std::span<const std::uint8_t> key) {
  return std::make_unique<Gost28147>(key);
}

}  // namespace dstu::cipher
