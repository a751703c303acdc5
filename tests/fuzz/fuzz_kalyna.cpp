// Fuzz target: Kalyna's unwrapping (KW, KW with padding) and authenticated decryption (GCM,
// CCM) on arbitrary input. Whatever is accepted must re-wrap / re-encrypt to exactly the
// input, and a refused decryption must leave its output all zero.
//
// Input: octet 0 = size (mod 5) and operation (/ 5 mod 4); then the key of that size; for
// GCM and CCM a block of IV or nonce, an octet of AAD length, an octet choosing the tag
// length (and CCM's N_b); the rest is the ciphertext (with the tag at its end).
#include <cstdint>
#include <cstring>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/cipher/kalyna.hpp"

namespace {

namespace ci = dstu::cipher;
using Bytes = std::vector<std::uint8_t>;

struct Size {
  std::size_t block_bits, key;
};
constexpr Size kSizes[] = {{128, 16}, {128, 32}, {256, 32}, {256, 64}, {512, 64}};

class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
  bool take(std::size_t k, const std::uint8_t*& out) {
    if (n_ < k) return false;
    out = p_;
    p_ += k;
    n_ -= k;
    return true;
  }
  Bytes rest() { return Bytes(p_, p_ + n_); }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

void unwrap(const ci::Kalyna& c, const Bytes& in, bool padded) {
  dstu::SecureBytes out;
  const bool ok = padded ? ci::kalyna_kwp_unwrap(c, in, out) : ci::kalyna_kw_unwrap(c, in, out);
  if (!ok) {
    if (!out.empty()) __builtin_trap();  // nothing released
    return;
  }
  const auto again = padded ? ci::kalyna_kwp_wrap(c, out) : ci::kalyna_kw_wrap(c, out);
  if (Bytes(again.begin(), again.end()) != in) __builtin_trap();
}

void decrypt(const ci::Kalyna& c, Reader& r, bool ccm) {
  const std::size_t b = c.block_size();
  const std::uint8_t *iv = nullptr, *lens = nullptr;
  if (!r.take(b, iv) || !r.take(2, lens)) return;
  Bytes rest = r.rest();
  const std::size_t aad_len = std::min<std::size_t>(lens[0], rest.size());
  const Bytes aad(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(aad_len));
  rest.erase(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(aad_len));
  static constexpr std::size_t kCcmTags[] = {8, 16, 32, 48, 64};
  const std::size_t q = ccm ? kCcmTags[lens[1] % 5] : 8 + lens[1] % (b - 7);
  const std::size_t nb = ccm ? 1 + (lens[1] / 5) % 8 : 0;
  if (q > b || rest.size() < q) return;
  const Bytes ct(rest.begin(), rest.end() - static_cast<std::ptrdiff_t>(q)), tag(rest.end() - static_cast<std::ptrdiff_t>(q), rest.end());
  Bytes pt(ct.size(), 0xa5);
  bool ok = false;
  try {
    ok = ccm ? ci::kalyna_ccm_decrypt(c, {iv, b}, aad, ct, tag, pt, nb) : ci::kalyna_gcm_decrypt(c, {iv, b}, aad, ct, tag, pt);
  } catch (const dstu::Error&) {
    return;  // lengths the mode does not take
  }
  if (!ok) {
    for (std::uint8_t x : pt) {
      if (x != 0) __builtin_trap();  // nothing released
    }
    return;
  }
  Bytes ct2(pt.size()), tag2(q);
  if (ccm) {
    ci::kalyna_ccm_encrypt(c, {iv, b}, aad, pt, ct2, tag2, nb);
  } else {
    ci::kalyna_gcm_encrypt(c, {iv, b}, aad, pt, ct2, tag2);
  }
  if (ct2 != ct || tag2 != tag) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4096) return 0;
  const Size s = kSizes[data[0] % 5];
  const int op = (data[0] / 5) % 4;
  Reader r(data + 1, size - 1);
  const std::uint8_t* key = nullptr;
  if (!r.take(s.key, key)) return 0;
  const ci::Kalyna c(s.block_bits, {key, s.key});
  switch (op) {
    case 0: unwrap(c, r.rest(), false); break;
    case 1: unwrap(c, r.rest(), true); break;
    case 2: decrypt(c, r, false); break;
    default: decrypt(c, r, true); break;
  }
  return 0;
}
