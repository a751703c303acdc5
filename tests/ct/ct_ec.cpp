// Constant-time cases for ec and dstu4145: the ladder with a secret scalar and a secret
// point, the comb and the split comb on two threads, scalar arithmetic mod n, key generation and signing with the
// private key and the nonce marked secret.
#include "ct_check.hpp"
#include <chrono>
#include <thread>

#include "dstu/base/ctgrind.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/pool.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
namespace ec2m = dstu::ec2m;
namespace d4 = dstu::dstu4145;

/// A random source whose output is marked secret as it is produced.
class SecretRandom final : public dstu::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    inner_.fill(out);
    poison(out.data(), out.size());
  }

 private:
  dstu::rng::ChaCha20Drbg inner_{11, 11};
};

ec2m::Scalar secret_scalar(const ec2m::Curve& c) {
  dstu::rng::ChaCha20Drbg rng(12, 12);
  ec2m::Scalar k;
  for (auto& l : k.v) l = rng.next_u64();
  k = c.scalar_field().reduce(k);
  poison(&k, sizeof k);
  return k;
}

bool ladder_and_comb(const char* name) {
  const ec2m::Curve& c = ec2m::Curve::named(name);
  ec2m::Scalar k = secret_scalar(c);
  ec2m::AffinePoint p = c.generator();
  poison(&p.x, sizeof p.x);  // the ladder keeps the point secret too
  poison(&p.y, sizeof p.y);
  ec2m::AffinePoint a = ec2m::mul(c, k, p);
  ec2m::AffinePoint b = ec2m::mul_base(c, k);
  ec2m::Scalar s = c.scalar_field().add(k, c.scalar_field().mul(k, k));
  unpoison(&a, sizeof a);
  unpoison(&b, sizeof b);
  unpoison(&s, sizeof s);
  unpoison(&k, sizeof k);
  return ec2m::same_point(c, a, b) && ec2m::same_point(c, b, ec2m::mul_reference_vartime(c, ec2m::scalar_to_nat(k), c.generator()));
}

bool keygen_and_sign(const char* name) {
  const ec2m::Curve& c = ec2m::Curve::named(name);
  SecretRandom rng;
  const d4::PrivateKey key = d4::generate_key(c, rng);  // d is secret from the start
  const d4::PublicKey pub = key.public_key();           // declassified inside
  std::uint8_t digest[32] = {1, 2, 3};
  const d4::Signature sig = d4::sign_digest(key, digest, rng);  // nonce secret too
  return d4::verify_digest(pub, digest, sig);
}

/// sign_batch of eleven digests (two chunks, so both threads run one; interleaved
/// pairs where the field pairs, and one request alone), the key and every nonce
/// secret.
bool sign_batch(const char* name, d4::NonceMode mode = d4::NonceMode::exact) {
  const ec2m::Curve& c = ec2m::Curve::named(name);
  SecretRandom rng;
  const d4::PrivateKey key = d4::generate_key(c, rng);
  const d4::PublicKey pub = key.public_key();
  constexpr std::size_t kCount = 11;
  std::uint8_t bytes[kCount][32] = {};
  std::vector<std::span<const std::uint8_t>> digests;
  for (std::size_t i = 0; i < kCount; ++i) {
    bytes[i][0] = static_cast<std::uint8_t>(i + 1);
    digests.emplace_back(bytes[i]);
  }
  const std::vector<d4::Signature> sigs = d4::sign_batch(key, digests, rng, 2, mode);
  bool ok = sigs.size() == kCount;
  for (std::size_t i = 0; ok && i < kCount; ++i) ok = d4::verify_digest(pub, digests[i], sigs[i]);
  return ok;
}

/// The split comb on two threads with a secret k: at the default cut (both parts on
/// signed digits) and with one high column (the low part past signed_split_fits, so
/// the unsigned table), each equal to mul_base. False where the split did not run
/// (a back-off period is waited out first, so it does).
bool split_comb(const char* name) {
  const ec2m::Curve& c = ec2m::Curve::named(name);
  ec2m::Scalar k = secret_scalar(c);
  ec2m::AffinePoint want = ec2m::mul_base(c, k);
  unpoison(&want, sizeof want);
  bool ok = true;
  for (std::size_t high : {std::size_t{0}, std::size_t{1}}) {
    while (dstu::parallel::splits_backing_off()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!dstu::parallel::can_split(2)) return false;
    ec2m::AffinePoint got = ec2m::mul_base_parallel(c, k, 2, high);
    unpoison(&got, sizeof got);
    ok = ok && ec2m::same_point(c, got, want);
  }
  unpoison(&k, sizeof k);
  return ok;
}

dstu::ct_check::Register r1("ec: ladder (secret k and P), comb, mod n (dstu163)", [] { return ladder_and_comb("dstu163"); });
dstu::ct_check::Register r2("ec: ladder (secret k and P), comb, mod n (dstu257)", [] { return ladder_and_comb("dstu257"); });
dstu::ct_check::Register r3("ec: ladder (secret k and P), comb, mod n (dstu431)", [] { return ladder_and_comb("dstu431"); });
dstu::ct_check::Register r4("dstu4145: keygen and sign (dstu163)", [] { return keygen_and_sign("dstu163"); });
dstu::ct_check::Register r5("dstu4145: keygen and sign (dstu257)", [] { return keygen_and_sign("dstu257"); });
dstu::ct_check::Register r6("dstu4145: keygen and sign (dstu431)", [] { return keygen_and_sign("dstu431"); });

dstu::ct_check::Register r10("ec: split comb, signed and unsigned cuts (dstu163)", [] { return split_comb("dstu163"); });
dstu::ct_check::Register r11("ec: split comb, signed and unsigned cuts (dstu257)", [] { return split_comb("dstu257"); });

dstu::ct_check::Register r7("dstu4145: sign_batch (dstu163)", [] { return sign_batch("dstu163"); });
dstu::ct_check::Register r8("dstu4145: sign_batch (dstu257)", [] { return sign_batch("dstu257"); });
// Hedged nonces: HMAC-GOST34.311 keyed with d, ChaCha20 keyed with the secret seed.
dstu::ct_check::Register r9("dstu4145: sign_batch hedged (dstu257)",
                            [] { return sign_batch("dstu257", d4::NonceMode::hedged); });

}  // namespace
