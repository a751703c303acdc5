// The parallel forms of the modes (the `_parallel` functions beside their sequential
// twins): a message cut into contiguous parts of whole blocks, each part run by the twin
// on the team (dstu/parallel/team.hpp), and the choice between that split and the twin
// (Split::chosen: measured in the running process, dstu/parallel/choice.hpp).
// Internal to lib/cipher.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "dstu/base/wipe.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/parallel/choice.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::cipher::detail {

/// The operations with a parallel form, one choice each per cipher and size.
enum class SplitMode {
  ecb_encrypt,
  ecb_decrypt,
  cbc_decrypt,
  cfb_decrypt,
  ctr,
  aes_ctr,
  aes_cbc_decrypt,
  kalyna_ctr,
  gost_ctr,
  gost_cfb_decrypt,
  count,
};

/// The parts a message of `blocks` blocks is cut into on `threads`: at most one per
/// thread, each of at least kRunBlocks blocks (one run of the cipher's lanes). 1: no split.
std::size_t split_parts(std::size_t blocks, int threads);

/// The choice for `mode` on the cipher called `cipher` (block_cipher_names(); other
/// names share one) for messages of about `bytes` octets (one per power of two).
parallel::SplitChoice& split_choice(SplitMode mode, std::string_view cipher, std::size_t bytes);

/// Runs part(begin, end, index) for the parts of [0, blocks): `parts` of them on the team,
/// or one part [0, blocks) with index 0 when the team runs it inline (nested).
template <class Part>
void run_parts(std::size_t blocks, std::size_t parts, Part&& part) {
  parallel::on_team(static_cast<int>(parts), [&](int index, int n) {
    const parallel::Range r = parallel::split_even(blocks, static_cast<std::size_t>(n), static_cast<std::size_t>(index));
    part(r.begin, r.end, static_cast<std::size_t>(index));
  });
}

/// The twin, or the split form over `parts` parts as `split` says (the twin whenever the
/// message is one part, or the call cannot split now: nested, one thread, a back-off).
template <class Twin, class SplitForm>
void run_split(SplitMode mode, std::string_view cipher, std::size_t bytes, std::size_t parts, int threads,
               Split split, Twin&& twin, SplitForm&& split_form) {
  if (parts < 2 || !parallel::can_split(threads)) return twin();
  const auto split_or_twin = [&] {
    if (parallel::split_now(threads)) {
      split_form();
    } else {
      twin();
    }
    return 0;
  };
  if (split == Split::always) {
    split_or_twin();
    return;
  }
  split_choice(mode, cipher, bytes).run(threads, [&] { twin(); return 0; }, split_or_twin);
}

/// `block` (n octets) stepped k times as `step` steps it (ctr_crypt's counter).
void advance_counter(std::uint8_t* block, std::size_t n, Counter step, std::uint64_t k);

/// The octets of blocks [begin, end) of b octets in a message of n octets (the last
/// block may be partial).
inline std::pair<std::size_t, std::size_t> part_octets(std::size_t begin, std::size_t end, std::size_t b,
                                                       std::size_t n) {
  return {begin * b, std::min(end * b, n) - begin * b};
}

/// A chained decryption (CBC, whole-block CFB) of blocks of b octets as parts: part j
/// runs twin(iv_j, out_j, in_j) with iv_j the ciphertext block before it, every iv_j
/// copied before any part writes (out may be in). Sizes must be checked by the caller.
template <class Twin>
void run_chained(SplitMode mode, std::string_view cipher, std::size_t b, std::span<const std::uint8_t> iv,
                 std::span<std::uint8_t> out, std::span<const std::uint8_t> in, int threads, Split split,
                 Twin&& twin) {
  const std::size_t blocks = (in.size() + b - 1) / b, parts = split_parts(blocks, threads);
  run_split(mode, cipher, in.size(), parts, threads, split, [&] { twin(iv, out, in); }, [&] {
    std::vector<std::uint8_t> ivs(parts * b);  // ciphertext: public
    for (std::size_t j = 0; j < parts; ++j) {
      const std::size_t begin = parallel::split_even(blocks, parts, j).begin;
      std::memcpy(ivs.data() + j * b, begin == 0 ? iv.data() : in.data() + (begin - 1) * b, b);
    }
    run_parts(blocks, parts, [&](std::size_t begin, std::size_t end, std::size_t j) {
      const auto [at, len] = part_octets(begin, end, b, in.size());
      twin(std::span<const std::uint8_t>(ivs.data() + j * b, b), out.subspan(at, len), in.subspan(at, len));
    });
  });
}

/// A counter mode over blocks of b octets as parts: part j runs twin(counter_j, out_j,
/// in_j) with counter_j the counter stepped by the blocks before it (`step`), wiped
/// after. Sizes must be checked by the caller.
template <class Twin>
void run_counter(SplitMode mode, std::string_view cipher, std::size_t b, std::span<const std::uint8_t> counter,
                 Counter step, std::span<std::uint8_t> out, std::span<const std::uint8_t> in, int threads,
                 Split split, Twin&& twin) {
  const std::size_t blocks = (in.size() + b - 1) / b, parts = split_parts(blocks, threads);
  run_split(mode, cipher, in.size(), parts, threads, split, [&] { twin(counter, out, in); }, [&] {
    run_parts(blocks, parts, [&](std::size_t begin, std::size_t end, std::size_t) {
      std::uint8_t start[64];
      std::memcpy(start, counter.data(), b);
      advance_counter(start, b, step, begin);
      const auto [at, len] = part_octets(begin, end, b, in.size());
      twin(std::span<const std::uint8_t>(start, b), out.subspan(at, len), in.subspan(at, len));
      secure_wipe(start, sizeof start);
    });
  });
}

}  // namespace dstu::cipher::detail
