// RSA key generation, FIPS 186-5 appendix A.1.3 (probable primes from random draws).
#include "dstu/rsa/keygen.hpp"

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/prime.hpp"

namespace dstu::rsa {

int miller_rabin_rounds(std::size_t prime_bits) {
  if (prime_bits <= 512) return 7;
  if (prime_bits <= 1024) return 5;
  return 4;
}

mp::Nat sqrt2_lower_bound(std::size_t bits) {
  // isqrt(2^(2 bits - 1)) by Newton's iteration from above (public value).
  const mp::Nat a = mp::Nat::power_of_two(2 * bits - 1);
  mp::Nat x = mp::Nat::power_of_two(bits);
  for (;;) {
    mp::Nat y = (x + a / x) >> 1;
    if (y >= x) return x;
    x = std::move(y);
  }
}

namespace {

// A prime factor of `half` bits for FIPS 186-5 A.1.3 steps 4 / 5 (before the distance
// check): a random half-bit string made odd, > bound, gcd(p - 1, e) = 1, probable prime.
// As in A.1.3, a draw below the bound is redrawn without counting; failure after
// 5 half counted candidates (step 4.7).
mp::Nat random_factor(std::size_t half, const mp::Nat& bound, const mp::Nat& e, RandomSource& rng) {
  Bytes buf((half + 7) / 8);
  const int rounds = miller_rabin_rounds(half);
  const auto top_mask = static_cast<std::uint8_t>(0xff >> (8 * buf.size() - half));
  for (std::size_t i = 0; i < 5 * half;) {
    rng.fill(buf);
    buf.front() &= top_mask;
    buf.back() |= 1;
    mp::Nat p = mp::Nat::from_bytes_be(buf);
    secure_wipe(buf.data(), buf.size());
    if (p <= bound) {
      wipe(p);
      continue;
    }
    ++i;
    if (mp::gcd(p - mp::Nat(1), e) != mp::Nat(1) || !mp::is_probable_prime(p, rng, rounds)) {
      wipe(p);
      continue;
    }
    return p;
  }
  throw_invalid("RSA key generation found no prime in 5 nlen/2 candidates");
}

}  // namespace

PrivateKey generate_key(std::size_t bits, RandomSource& rng, const mp::Nat& e) {
  if (bits % 8 != 0 || bits < kMinGenerateBits || bits > kMaxBits) {
    throw_invalid("RSA key size must be a multiple of 8 from 1024 to 16384");
  }
  if (!e.is_odd() || e < mp::Nat(65537) || e.bits() > 256) throw_invalid("RSA public exponent must be odd, 65537 <= e < 2^256");
  const std::size_t half = bits / 2;
  const mp::Nat bound = sqrt2_lower_bound(half);
  const mp::Nat min_distance = mp::Nat::power_of_two(half - 100);
  for (;;) {
    mp::Nat p = random_factor(half, bound, e, rng);
    mp::Nat q = random_factor(half, bound, e, rng);
    if (p < q) p.swap(q);
    if (p - q <= min_distance) {  // A.1.3 step 5.4: draw q again (here: both)
      wipe(p);
      wipe(q);
      continue;
    }
    PrivateKey key = PrivateKey::from_primes(p, q, e);
    wipe(p);
    wipe(q);
    // d > 2^(nlen/2) (A.1.1 / SP 800-56B 6.2.1): with lambda this always holds for
    // random primes, but a key that failed it would be drawn again.
    if (key.d.bits() <= half || key.n.bits() != bits) continue;
    return key;
  }
}

}  // namespace dstu::rsa
