// RSASP1 by CRT (Garner), with base blinding and a check of the result.
//
// Secret: p, q, dp, dq, qinv and every value derived from them. The moduli are prepared
// once per key (mp::SecretModulus, cached in the key): the reductions of the blinded
// representative, the two exponentiations (fixed windows over the public length of
// p), the Garner step and the unblinding are Montgomery arithmetic whose time depends
// on limb counts only. The blinding pair (r^e, r^-1) is drawn from the caller's
// RandomSource, used, and squared for the next signature, redrawn every
// kBlindingUses signatures (OpenSSL's BN_BLINDING does the same). Drawing one reduces
// random octets by division and inverts r u (u random too: what the variable-time
// inverse sees is uniform, whatever r is).
#include "dstu/rsa/internal/private_op.hpp"

#include <algorithm>
#include <array>
#include <mutex>

#include "dstu/base/bytes.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/parallel/choice.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::rsa::detail {

/// A key's prepared moduli.
struct SigningContext {
  explicit SigningContext(const PrivateKey& key)
      : p(key.p), q(key.q), e(key.e), mod_p(key.p), mod_q(key.q), mod_n(key.n),
        balanced(key.p.size() == key.q.size()) {}
  ~SigningContext() {
    for (mp::Nat* x : {&p, &q, &blind, &unblind}) wipe(*x);
  }
  mp::Nat p, q, e;  // what the contexts and the blinding pair were made from
  mp::SecretModulus mod_p, mod_q, mod_n;
  bool balanced;  // p and q have as many limbs: each reduces numbers below n

  // The next blinding pair r^e, r^-1 mod n, and how many more signatures may square it.
  mutable std::mutex lock;
  mutable mp::Nat blind, unblind;
  mutable int blind_uses = 0;
};

namespace {

constexpr int kBlindingUses = 32;

/// a == b in time depending on their limb counts only (public); only the verdict leaves.
bool same(const mp::Nat& a, const mp::Nat& b) {
  if (a.size() != b.size()) return false;
  std::uint64_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= a.limb(i) ^ b.limb(i);
  bool eq = ct::is_zero(diff) != 0;
  ct::unpoison(&eq, sizeof eq);
  return eq;
}

/// The key's prepared moduli, made (and cached in the key) on first use or when p, q, n
/// or e (whose power the blinding pair holds) changed since.
std::shared_ptr<const SigningContext> context(const PrivateKey& key) {
  auto ctx = key.signing.load();
  if (ctx && same(ctx->p, key.p) && same(ctx->q, key.q) && ctx->mod_n.modulus() == key.n && ctx->e == key.e) return ctx;
  ctx = std::make_shared<const SigningContext>(key);
  key.signing.store(ctx);
  return ctx;
}

/// A random number in [2, n).
mp::Nat random_below(const mp::Nat& n, RandomSource& rng) {
  SecureBytes buf((n.bits() + 7) / 8 + 8);  // 64 extra bits: the bias of the reduction is < 2^-64
  for (;;) {
    rng.fill(buf);
    mp::Nat wide = mp::Nat::from_bytes_be(buf);
    mp::Nat x = wide % n;
    wipe(wide);
    if (x > mp::Nat(1)) return x;
    wipe(x);
  }
}

/// A random r in [2, n) invertible mod n, and r^-1 mod n. The variable-time inverse is
/// taken of t = r u for another random u, not of r: t is uniform whatever r is, so its
/// timing says nothing of r; r^-1 = t^-1 u.
void blinding_pair(mp::Nat& r, mp::Nat& r_inv, const mp::SecretModulus& mod_n, RandomSource& rng) {
  const mp::Nat& n = mod_n.modulus();
  for (;;) {
    wipe(r);
    r = random_below(n, rng);
    mp::Nat u = random_below(n, rng);
    mp::Nat t = mod_n.mul(r, u);
    ct::unpoison(t.limbs().data(), t.size() * sizeof(mp::Limb));  // uniform: public
    auto t_inv = mp::inverse_mod_vartime(t, n);
    if (t_inv) {
      wipe(r_inv);
      r_inv = mod_n.mul(*t_inv, u);
      wipe(u);
      return;
    }
    wipe(u);  // r or u shares a factor with n: a negligible event; draw again
  }
}

/// The blinding pair of this signature: (r^e, r^-1) for a fresh r every kBlindingUses
/// signatures, else the previous pair squared.
void next_blinding(mp::Nat& blind, mp::Nat& unblind, const SigningContext& ctx, const PrivateKey& key,
                   RandomSource& rng) {
  const std::lock_guard<std::mutex> hold(ctx.lock);
  if (ctx.blind_uses == 0) {
    mp::Nat r;
    blinding_pair(r, ctx.unblind, ctx.mod_n, rng);
    // Variable time in e, which is public; on the IFMA context no step depends on r.
    ctx.blind = ctx.mod_n.powmod_vartime(r, key.e);
    wipe(r);
    ctx.blind_uses = kBlindingUses;
  }
  blind = ctx.blind;
  unblind = ctx.unblind;
  // The squares replace the pair: the old limbs wiped, not freed as they are.
  mp::Nat next_blind = ctx.mod_n.mul(ctx.blind, ctx.blind), next_unblind = ctx.mod_n.mul(ctx.unblind, ctx.unblind);
  wipe(ctx.blind);
  wipe(ctx.unblind);
  ctx.blind = std::move(next_blind);
  ctx.unblind = std::move(next_unblind);
  --ctx.blind_uses;
}

struct Wiper {
  std::array<mp::Nat*, 13> values;
  ~Wiper() {
    for (mp::Nat* x : values) wipe(*x);
  }
};

/// x mod the prepared modulus: constant time when p and q are balanced (always, for
/// keys this library makes), else by division.
mp::Nat reduce(const SigningContext& ctx, const mp::SecretModulus& m, const mp::Nat& x) {
  return ctx.balanced ? m.reduce(x) : x % m.modulus();
}

/// out = {c1^dp mod p, c2^dq mod q} in the given form.
void halves(Halves form, mp::Nat out[2], const SigningContext& ctx, const PrivateKey& key, const mp::Nat& c1,
            const mp::Nat& c2) {
  const std::size_t bits = std::max(key.p.bits(), key.q.bits());
  auto sequential = [&] {
    mp::pow_pair(out, ctx.mod_p, c1, key.dp, ctx.mod_q, c2, key.dq, bits);
    return 0;
  };
  auto split = [&] {
    parallel::on_team(2, [&](int index, int count) {
      if (index == 0) out[0] = ctx.mod_p.powmod(c1, key.dp, bits);
      if (index == 1 || count == 1) out[1] = ctx.mod_q.powmod(c2, key.dq, bits);
    });
    return 0;
  };
  if (form == Halves::sequential) {
    sequential();
  } else if (form == Halves::split) {
    split();
  } else {
    // The halves on two threads only where this process measured it faster, per 512-bit
    // size class of n (dstu/parallel/choice.hpp).
    static auto* choices = new parallel::ChoiceTable<33>;  // never destroyed: used until the last thread ends
    choices->of(key.n.bits() / 512).run(parallel::available() >= 2 ? 2 : 1, sequential, split);
  }
}

}  // namespace

mp::Nat private_op_as(Halves form, const PrivateKey& key, const mp::Nat& m, RandomSource& rng) {
  if (m >= key.n) throw_invalid("RSA private operation: representative out of range");
  const auto ctx = context(key);
  mp::Nat blind, r_inv, mb, c1, c2, h, s;
  mp::Nat half[2];
  mp::Nat m2p, diff, qh, sum;  // the named temporaries of the Garner step, wiped with the rest
  const Wiper wiper{{&blind, &r_inv, &mb, &c1, &c2, &h, &half[0], &half[1], &s, &m2p, &diff, &qh, &sum}};
  next_blinding(blind, r_inv, *ctx, key, rng);
  mb = ctx->mod_n.mul(blind, m);
  c1 = reduce(*ctx, ctx->mod_p, mb);
  c2 = reduce(*ctx, ctx->mod_q, mb);
  halves(form, half, *ctx, key, c1, c2);
  // h = qinv (m1 - m2) mod p, with m2 < q reduced mod p first.
  m2p = reduce(*ctx, ctx->mod_p, half[1]);
  diff = ctx->mod_p.sub(half[0], m2p);
  h = ctx->mod_p.mul(diff, key.qinv);
  // q h and the sum are Nat arithmetic, whose time follows the limb counts of q and h.
  qh = key.q * h;
  sum = half[1] + qh;
  s = ctx->mod_n.mul(sum, r_inv);
  // s is the signature, public once it leaves: declassified for the check, which compares
  // s^e with the public representative.
  ct::unpoison(s.limbs().data(), s.size() * sizeof(mp::Limb));
  // The check: a fault anywhere above (in a CRT value, in one half) fails it.
  if (ctx->mod_n.powmod_vartime(s, key.e) != m) {
    throw_invalid("RSA private operation failed its check (a fault or an inconsistent key)");
  }
  mp::Nat out = std::move(s);
  return out;
}

mp::Nat private_op(const PrivateKey& key, const mp::Nat& m, RandomSource& rng) {
  return private_op_as(Halves::chosen, key, m, rng);
}

}  // namespace dstu::rsa::detail
