// GOST 34.311-95: streaming state, padding, length and checksum blocks.
#include "dstu/hash/gost34311.hpp"

#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "gost28147_lanes.hpp"
#include "gost34311_step.hpp"

namespace dstu::hash {
namespace detail {

struct Gost34311Core {
  Gost34311Params params;
  // The forms of the S-box the encryptions read, built when first used: a hash of one
  // short message would otherwise pay for both.
  cipher::detail::Gost28147Tables tables;
  cipher::detail::Gost28147CtSbox ct;
  bool tables_built = false, ct_built = false;
  std::uint64_t h[4] = {}, sigma[4] = {};
  std::uint64_t total = 0;  // octets absorbed
  std::uint8_t buf[32] = {};
  std::size_t buf_len = 0;

  explicit Gost34311Core(const Gost34311Params& p) : params(p) { reset(); }
  ~Gost34311Core() { wipe_state(); }

  void wipe_state() {
    secure_wipe(h, sizeof h);
    secure_wipe(sigma, sizeof sigma);
    secure_wipe(buf, sizeof buf);
  }

  void reset() {
    wipe_state();
    for (int i = 0; i < 4; ++i) h[i] = load_le64(params.iv.data() + 8 * i);
    total = 0;
    buf_len = 0;
  }

  /// Runs f(encrypt4) with the GOST 28147 encryptions of the chosen implementation: the
  /// constant-time kernels of the CPU path, or the table rounds (public data) unless the
  /// kernels are faster.
  template <class F>
  void with_encrypt4(const F& f) {
    const auto& kernels = cipher::detail::gost28147_kernels();
    if (params.impl == cipher::Gost28147Impl::constant_time || kernels.encrypt4_beats_tables) {
      if (!ct_built) cipher::detail::build_ct_sbox(ct, params.sbox);
      ct_built = true;
      f([&](const std::uint32_t(*k)[8], const std::uint64_t* in, std::uint64_t* out) {
        kernels.encrypt4(ct, k, in, out);
      });
    } else {
      if (!tables_built) cipher::detail::build_tables(tables, params.sbox);
      tables_built = true;
      f([&](const std::uint32_t(*k)[8], const std::uint64_t* in, std::uint64_t* out) {
        cipher::detail::encrypt4(cipher::detail::RoundVartime{tables}, k, in, out);
      });
    }
  }

  /// Absorbs n full blocks: Sigma += M, H <- chi(M, H).
  void blocks(const std::uint8_t* p, std::size_t n) {
    with_encrypt4([&](const auto& encrypt4) {
      for (std::size_t b = 0; b < n; ++b, p += 32) {
        std::uint64_t m[4];
        for (int i = 0; i < 4; ++i) m[i] = load_le64(p + 8 * i);
        add256(sigma, m);
        step(encrypt4, h, m);
      }
    });
  }

  void chi(const std::uint64_t m[4]) {
    with_encrypt4([&](const auto& encrypt4) { step(encrypt4, h, m); });
  }

  void update(const std::uint8_t* p, std::size_t n) {
    total += n;
    if (buf_len > 0) {
      const std::size_t take = std::min(n, 32 - buf_len);
      if (take > 0) std::memcpy(buf + buf_len, p, take);
      buf_len += take;
      p += take;
      n -= take;
      if (buf_len < 32) return;
      blocks(buf, 1);
      buf_len = 0;
    }
    blocks(p, n / 32);
    p += n / 32 * 32;
    n %= 32;
    if (n > 0) std::memcpy(buf, p, n);
    buf_len = n;
  }

  void final(std::uint8_t out[32]) {
    // A full last block was absorbed by update() exactly as the final stage would.
    if (buf_len > 0 || (total == 0 && params.final == Gost34311Final::process_empty_block)) {
      std::memset(buf + buf_len, 0, 32 - buf_len);
      blocks(buf, 1);
    }
    const std::uint64_t len[4] = {total << 3, total >> 61, 0, 0};
    chi(len);
    chi(sigma);
    for (int i = 0; i < 4; ++i) store_le64(out + 8 * i, h[i]);
    reset();
  }
};

}  // namespace detail

Gost34311::Gost34311() : Gost34311(Gost34311Params{}) {}
Gost34311::Gost34311(const Gost34311Params& params)
    : core_(std::make_unique<detail::Gost34311Core>(params)) {}
Gost34311::Gost34311(const Gost34311& o) : core_(std::make_unique<detail::Gost34311Core>(*o.core_)) {}
Gost34311& Gost34311::operator=(const Gost34311& o) {
  if (this != &o) core_ = std::make_unique<detail::Gost34311Core>(*o.core_);
  return *this;
}
Gost34311::Gost34311(Gost34311&&) noexcept = default;
Gost34311& Gost34311::operator=(Gost34311&&) noexcept = default;
Gost34311::~Gost34311() = default;

void Gost34311::reset() { core_->reset(); }

void Gost34311::update(std::span<const std::uint8_t> data) { core_->update(data.data(), data.size()); }

void Gost34311::final(std::span<std::uint8_t> out) {
  if (out.size() != digest_size) {
    throw_invalid("GOST 34.311: the digest has 32 octets, the output buffer " + std::to_string(out.size()));
  }
  core_->final(out.data());
}

std::array<std::uint8_t, 32> Gost34311::final() {
  std::array<std::uint8_t, 32> out{};
  core_->final(out.data());
  return out;
}

std::array<std::uint8_t, 32> Gost34311::hash(std::span<const std::uint8_t> data,
                                             const Gost34311Params& params) {
  Gost34311 h(params);
  h.update(data);
  return h.final();
}

}  // namespace dstu::hash
