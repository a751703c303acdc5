// The RSA private operation's two forms (the CRT halves interleaved on one thread, or on
// two team threads) against each other and against m^d mod n by the variable-time
// exponentiation of the whole modulus (no CRT), and its per-key cache of prepared moduli;
// the public operation's cache too.
#include <doctest/doctest.h>

#include <thread>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/internal/public_op.hpp"
#include "dstu/rsa/keygen.hpp"
#include "cpu_paths.hpp"

namespace mp = dstu::mp;
namespace rsa = dstu::rsa;
using mp::Nat;
using rsa::detail::Halves;

namespace {

/// Representatives to sign: the edges 0, 1, n - 1 and random values below n.
std::vector<Nat> representatives(const Nat& n, dstu::rng::ChaCha20Drbg& rng) {
  std::vector<Nat> out{Nat(0), Nat(1), n - Nat(1)};
  dstu::Bytes buf((n.bits() + 7) / 8 + 8);
  for (int i = 0; i < 12; ++i) {
    rng.fill(buf);
    out.push_back(Nat::from_bytes_be(buf) % n);
  }
  return out;
}

void check_forms(const rsa::PrivateKey& key, std::uint64_t seed) {
  dstu::rng::ChaCha20Drbg rng(seed, 1), rng_seq(seed, 2), rng_split(seed, 3), rng_chosen(seed, 4);
  for (const Nat& m : representatives(key.n, rng)) {
    const Nat want = mp::powmod_sequential_vartime(m, key.d, key.n);
    CHECK(rsa::detail::private_op_as(Halves::sequential, key, m, rng_seq) == want);
    CHECK(rsa::detail::private_op_as(Halves::split, key, m, rng_split) == want);
    CHECK(rsa::detail::private_op_as(Halves::chosen, key, m, rng_chosen) == want);
  }
}

/// The first probable prime p >= a random odd `bits`-bit number with gcd(p - 1, e) = 1.
Nat prime_of(std::size_t bits, dstu::rng::ChaCha20Drbg& rng) {
  dstu::Bytes buf(bits / 8);
  rng.fill(buf);
  Nat p = Nat::from_bytes_be(buf);
  p.set_bit(bits - 1);
  p.set_bit(0);
  for (;; p = p + Nat(2)) {
    if (mp::has_small_factor(p) || (p - Nat(1)) % Nat(65537) == Nat(0)) continue;
    if (mp::is_probable_prime(p, rng)) return p;
  }
}

}  // namespace

TEST_CASE("both forms of the CRT halves give m^d mod n, on one and on two threads") {
  for (int threads : {1, 2}) {
    dstu::parallel::init(threads);
    for (std::size_t bits : {1024u, 1032u, 2048u}) {
      dstu::rng::ChaCha20Drbg rng(30, bits);
      const rsa::PrivateKey key = rsa::generate_key(bits, rng);
      INFO("bits=" << bits << " threads=" << threads);
      check_forms(key, bits + static_cast<std::size_t>(threads));
    }
  }
  dstu::parallel::init(1);
}

TEST_CASE("more signatures than one blinding pair serves") {
  dstu::rng::ChaCha20Drbg rng(30, 7);
  const rsa::PrivateKey key = rsa::generate_key(1024, rng);
  const Nat m = Nat(0x5a5a5a5a) * Nat(0x12345678);
  const Nat want = mp::powmod_sequential_vartime(m, key.d, key.n);
  for (int i = 0; i < 70; ++i) REQUIRE(rsa::detail::private_op(key, m, rng) == want);
}

TEST_CASE("a copy whose primes changed gets its own prepared moduli") {
  dstu::rng::ChaCha20Drbg rng(30, 8);
  const rsa::PrivateKey key = rsa::generate_key(1024, rng);
  const Nat m(12345);
  REQUIRE(rsa::detail::private_op(key, m, rng) == mp::powmod_sequential_vartime(m, key.d, key.n));
  // The same key with p and q exchanged: the copy shares the cache, which no longer fits.
  rsa::PrivateKey swapped = rsa::PrivateKey::from_primes(key.q, key.p, key.e);
  swapped.signing = key.signing;
  CHECK(rsa::detail::private_op(swapped, m, rng) == mp::powmod_sequential_vartime(m, swapped.d, swapped.n));
  // And the original still signs with its own.
  CHECK(rsa::detail::private_op(key, m, rng) == mp::powmod_sequential_vartime(m, key.d, key.n));
}

TEST_CASE("the public operation on the cached modulus: shared by copies, remade when n changes") {
  dstu::rng::ChaCha20Drbg keys_rng(30, 10);
  const rsa::PrivateKey a = rsa::generate_key(1024, keys_rng), b = rsa::generate_key(2048, keys_rng);
  dstu::test::for_each_cpu_path_in(dstu::test::cpu_paths_without({"avx512f", "adx"}), [&](const std::string& path) {
    INFO(path);
    dstu::rng::ChaCha20Drbg rng(30, 11);
    rsa::PublicKey pub = a.public_key();
    for (const Nat& s : representatives(a.n, rng)) {
      CHECK(rsa::detail::public_op(pub, s) == mp::powmod_sequential_vartime(s, a.e, a.n));
    }
    const rsa::PublicKey copy = pub;
    REQUIRE(copy.verifying.load() != nullptr);
    CHECK(copy.verifying.load() == pub.verifying.load());
    // Another modulus in the same key object: the cached one no longer fits.
    pub.n = b.n;
    const Nat s = b.n - Nat(2);
    CHECK(rsa::detail::public_op(pub, s) == mp::powmod_sequential_vartime(s, b.e, b.n));
    CHECK(pub.verifying.load()->modulus() == b.n);
    CHECK(copy.verifying.load()->modulus() == a.n);
    // An exponent other than 65537 (the context holds n only).
    pub.e = Nat(3);
    CHECK(rsa::detail::public_op(pub, s) == mp::powmod_sequential_vartime(s, Nat(3), b.n));
    // A modulus no context takes (even): raised without one.
    rsa::PublicKey even{b.n + Nat(1), Nat(65537)};
    CHECK(rsa::detail::public_op(even, s) == mp::powmod_sequential_vartime(s, even.e, even.n));
    CHECK(even.verifying.load() == nullptr);
  });
}

TEST_CASE("two threads' first public operations on one key agree") {
  dstu::rng::ChaCha20Drbg rng(30, 11);
  const rsa::PrivateKey key = rsa::generate_key(2048, rng);
  const rsa::PublicKey pub = key.public_key();
  const std::vector<Nat> reps = representatives(key.n, rng);
  std::vector<Nat> got[2];
  std::thread other([&] {
    for (const Nat& s : reps) got[1].push_back(rsa::detail::public_op(pub, s));
  });
  for (const Nat& s : reps) got[0].push_back(rsa::detail::public_op(pub, s));
  other.join();
  for (std::size_t i = 0; i < reps.size(); ++i) {
    const Nat want = mp::powmod_sequential_vartime(reps[i], key.e, key.n);
    CHECK(got[0][i] == want);
    CHECK(got[1][i] == want);
  }
  CHECK(pub.verifying.load()->modulus() == key.n);
}

TEST_CASE("primes of different lengths: the halves one after the other, reductions by division") {
  dstu::rng::ChaCha20Drbg rng(30, 9);
  // 1024- and 640-bit primes: 16 and 10 limbs, so neither reduces the other's products
  // by Montgomery and the IFMA pair does not apply.
  const Nat p = prime_of(1024, rng), q = prime_of(640, rng);
  for (const auto& [a, b] : {std::pair{p, q}, std::pair{q, p}}) {
    const rsa::PrivateKey key = rsa::PrivateKey::from_primes(a, b, Nat(65537));
    INFO("p bits=" << key.p.bits() << " q bits=" << key.q.bits());
    check_forms(key, key.p.bits());
  }
}
