// Writes test-vectors/dstu4145/negative.vec (Wycheproof style): for dstu163, dstu257
// and dstu431, one valid key, file and raw signature, and the same with the signature
// or the public key made wrong in every way the issue on trust lists: r or s = 0, = n,
// > n, bit flips, swapped halves, wrong lengths; public points with no solution, of the
// wrong order, x = 0, another key; truncated and over-long key files. Each vector says
// the exit status `dstu verify` must give and a word of its message. Deterministic.
// Run: build/tests/dstu4145/make_negative_vectors > test-vectors/dstu4145/negative.vec
#include <cstdio>
#include <string>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/rng/random.hpp"

namespace d4 = dstu::dstu4145;
namespace ec2m = dstu::ec2m;
using dstu::Bytes;

namespace {

std::string hex(const Bytes& b) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::uint8_t x : b) {
    out += digits[x >> 4];
    out += digits[x & 15];
  }
  return out;
}

struct Base {
  const ec2m::Curve* c;
  Bytes pub, message, sig;
  std::size_t half;
};

void emit(const Base& b, const std::string& id, const Bytes& pub, const Bytes& sig, int exit_status,
          const std::string& reason, const std::string& comment) {
  std::printf("\n# %s\n[verify]\nId = %s-%s\nCurve = %s\nPub = %s\nMessage = %s\nSig = %s\nExit = %d\nReason = %s\n",
              comment.c_str(), b.c->name().c_str(), id.c_str(), b.c->name().c_str(), hex(pub).c_str(),
              hex(b.message).c_str(), hex(sig).c_str(), exit_status, reason.c_str());
}

/// n as `len` little-endian octets.
Bytes le(const dstu::mp::Nat& x, std::size_t len) { return x.to_bytes_le(len); }

void signature_cases(const Base& b) {
  const std::size_t h = b.half;
  const Bytes n = le(b.c->order(), h);
  const auto with_r = [&](const Bytes& r) {
    Bytes s = b.sig;
    std::copy(r.begin(), r.end(), s.begin());
    return s;
  };
  const auto with_s = [&](const Bytes& v) {
    Bytes s = b.sig;
    std::copy(v.begin(), v.end(), s.begin() + static_cast<std::ptrdiff_t>(h));
    return s;
  };
  emit(b, "valid", b.pub, b.sig, 0, "OK", "the valid signature the others are made from");
  emit(b, "r-zero", b.pub, with_r(Bytes(h, 0)), 1, "out of range", "r = 0");
  emit(b, "s-zero", b.pub, with_s(Bytes(h, 0)), 1, "out of range", "s = 0");
  emit(b, "r-n", b.pub, with_r(n), 1, "out of range", "r = n");
  emit(b, "s-n", b.pub, with_s(n), 1, "out of range", "s = n");
  emit(b, "r-above-n", b.pub, with_r(Bytes(h, 0xff)), 1, "out of range", "r > n (all ones)");
  emit(b, "s-above-n", b.pub, with_s(le(b.c->order() + dstu::mp::Nat(1), h)), 1, "out of range", "s = n + 1");
  for (std::size_t bit : {std::size_t{0}, std::size_t{9}, 8 * h - 9}) {
    Bytes r = b.sig, s = b.sig;
    r[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    s[h + bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    const bool r_range = d4::signature_in_range(*b.c, d4::decode_signature(*b.c, r));
    const bool s_range = d4::signature_in_range(*b.c, d4::decode_signature(*b.c, s));
    emit(b, "r-bit-" + std::to_string(bit), b.pub, r, 1, r_range ? "does not match" : "out of range",
         "bit " + std::to_string(bit) + " of r flipped");
    emit(b, "s-bit-" + std::to_string(bit), b.pub, s, 1, s_range ? "does not match" : "out of range",
         "bit " + std::to_string(bit) + " of s flipped");
  }
  Bytes swapped(b.sig.begin() + static_cast<std::ptrdiff_t>(h), b.sig.end());
  swapped.insert(swapped.end(), b.sig.begin(), b.sig.begin() + static_cast<std::ptrdiff_t>(h));
  emit(b, "swapped", b.pub, swapped, 1, "", "r and s swapped");
  emit(b, "sig-truncated", b.pub, Bytes(b.sig.begin(), b.sig.end() - 1), 2, "octets", "one octet short");
  Bytes longer = b.sig;
  longer.push_back(0);
  emit(b, "sig-long", b.pub, longer, 2, "octets", "one octet too many");
  emit(b, "sig-empty", b.pub, Bytes{}, 2, "empty", "an empty signature file");
}

/// The public key file with its compressed point (the last field octets) replaced.
Bytes with_point(const Base& b, const Bytes& packed) {
  Bytes out = b.pub;
  std::copy(packed.begin(), packed.end(), out.end() - static_cast<std::ptrdiff_t>(packed.size()));
  return out;
}

void key_cases(const Base& b, dstu::RandomSource& rng, bool all_cases) {
  const std::size_t fb = b.c->field_bytes();
  bool no_solution = false, wrong_order = false;
  for (std::uint64_t k = 2; k < 1000 && !((no_solution || !all_cases) && wrong_order); ++k) {
    Bytes packed(fb, 0);
    packed[0] = static_cast<std::uint8_t>(k);
    packed[1] = static_cast<std::uint8_t>(k >> 8);
    try {
      const ec2m::AffinePoint p = ec2m::decompress_le(*b.c, packed);
      if (!wrong_order && !ec2m::valid_public_point(*b.c, p)) {
        emit(b, "pub-wrong-order", with_point(b, packed), b.sig, 2, "order n",
             "a curve point whose order is not n (x = " + std::to_string(k) + ")");
        wrong_order = true;
      }
    } catch (const dstu::Error&) {
      if (!no_solution && all_cases) {
        emit(b, "pub-no-solution", with_point(b, packed), b.sig, 2, "not on the curve",
             "a compressed x with no point on the curve (x = " + std::to_string(k) + ")");
        no_solution = true;
      }
    }
  }
  if (!all_cases) return;
  emit(b, "pub-x-zero", with_point(b, Bytes(fb, 0)), b.sig, 2, "order n",
       "packed x = 0: not a point of order n (the point of order 2 has x = 0)");
  const d4::PrivateKey other = d4::generate_key(*b.c, rng);
  emit(b, "pub-other-key", dstu::pkix::encode_spki(other.public_key()), b.sig, 1, "does not match",
       "a valid public key of another key pair");
  emit(b, "pub-truncated", Bytes(b.pub.begin(), b.pub.end() - 1), b.sig, 2, "not a DSTU 4145 key",
       "the public key file one octet short");
  Bytes longer = b.pub;
  longer.push_back(0);
  emit(b, "pub-long", longer, b.sig, 2, "not a DSTU 4145 key", "the public key file with one octet after its end");
}

}  // namespace

int main() {
  std::printf(
      "# Generated by tests/dstu4145/make_negative_vectors.cpp (build/tests/dstu4145/make_negative_vectors).\n"
      "# Negative vectors in the manner of Project Wycheproof: for each curve a valid key, file\n"
      "# and raw signature (r_le || s_le, GOST 34.311-95 with DKE No.1), and the same with the\n"
      "# signature or the public key (SubjectPublicKeyInfo, DER) made wrong. Exit: what\n"
      "# `dstu verify --sig-format raw` must return; Reason: a word of its message.\n"
      "# Source: made by dstu's own generator from the definitions of DSTU 4145-2002 §6.9-§13\n"
      "# (ranges, compression, the order n); the test re-checks each claim independently.\n");
  for (const ec2m::Curve* cp : ec2m::Curve::all_named()) {
    const ec2m::Curve& c = *cp;
    const std::string name = c.name();
    // Every case on three curves; on the others only the wrong-order search, which
    // needs a cofactor of 4: with cofactor 2 the compressed form (x and the trace of
    // y/x) only ever decompresses to a point of order n, or fails.
    const bool all_cases = name == "dstu163" || name == "dstu257" || name == "dstu431";
    dstu::rng::ChaCha20Drbg rng(51, static_cast<std::uint64_t>(c.m()));
    const d4::PrivateKey key = d4::generate_key(c, rng);
    Base b{&c, dstu::pkix::encode_spki(key.public_key()), {}, {}, d4::signature_half_bytes(c)};
    const std::string text = "dstu negative vectors, curve " + name + "\n";
    b.message.assign(text.begin(), text.end());
    const auto digest = dstu::hash::Gost34311::hash(b.message);
    b.sig = d4::encode_signature_le(c, d4::sign_digest(key, digest, rng, 1));
    if (all_cases) signature_cases(b);
    key_cases(b, rng, all_cases);
  }
}
