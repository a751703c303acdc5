// The parallel forms of the generic modes (modes.hpp): ECB both ways, CBC and CFB
// decryption, CTR, each part run by the sequential twin (split.hpp).
#include "dstu/cipher/modes.hpp"
#include "split.hpp"

namespace dstu::cipher {
namespace {

using detail::SplitMode;

/// ECB in either direction: the parts are independent.
void ecb_parallel(bool encrypt, const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                  int threads, Split split) {
  const auto twin = [&](std::span<std::uint8_t> o, std::span<const std::uint8_t> i) {
    encrypt ? ecb_encrypt(c, o, i) : ecb_decrypt(c, o, i);
  };
  const std::size_t b = c.block_size();
  if (out.size() != in.size() || in.size() % b != 0) return twin(out, in);  // refused as the twin refuses it
  const std::size_t blocks = in.size() / b, parts = detail::split_parts(blocks, threads);
  detail::run_split(encrypt ? SplitMode::ecb_encrypt : SplitMode::ecb_decrypt, c.name(), in.size(), parts, threads,
                    split, [&] { twin(out, in); }, [&] {
                      detail::run_parts(blocks, parts, [&](std::size_t begin, std::size_t end, std::size_t) {
                        const auto [at, len] = detail::part_octets(begin, end, b, in.size());
                        twin(out.subspan(at, len), in.subspan(at, len));
                      });
                    });
}

}  // namespace

void ecb_encrypt_parallel(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          int threads, Split split) {
  ecb_parallel(true, c, out, in, threads, split);
}

void ecb_decrypt_parallel(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          int threads, Split split) {
  ecb_parallel(false, c, out, in, threads, split);
}

void cbc_decrypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                          std::span<const std::uint8_t> in, int threads, Split split) {
  const std::size_t b = c.block_size();
  if (out.size() != in.size() || in.size() % b != 0 || iv.size() != b) return cbc_decrypt(c, iv, out, in);  // refused
  detail::run_chained(SplitMode::cbc_decrypt, c.name(), b, iv, out, in, threads, split,
                      [&](auto part_iv, auto part_out, auto part_in) { cbc_decrypt(c, part_iv, part_out, part_in); });
}

void cfb_decrypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                          std::span<const std::uint8_t> in, std::size_t segment, int threads, Split split) {
  const std::size_t b = c.block_size();
  if ((segment != 0 && segment != b) || out.size() != in.size() || iv.size() != b) {
    return cfb_decrypt(c, iv, out, in, segment);  // segments shorter than a block are serial; or refused
  }
  detail::run_chained(SplitMode::cfb_decrypt, c.name(), b, iv, out, in, threads, split,
                      [&](auto part_iv, auto part_out, auto part_in) { cfb_decrypt(c, part_iv, part_out, part_in); });
}

void ctr_crypt_parallel(const BlockCipher& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                        std::span<const std::uint8_t> in, Counter step, int threads, Split split) {
  const std::size_t b = c.block_size();
  if (out.size() != in.size() || counter.size() != b) return ctr_crypt(c, counter, out, in, step);  // refused
  detail::run_counter(SplitMode::ctr, c.name(), b, counter, step, out, in, threads, split,
                      [&](auto part_ctr, auto part_out, auto part_in) { ctr_crypt(c, part_ctr, part_out, part_in, step); });
}

}  // namespace dstu::cipher
