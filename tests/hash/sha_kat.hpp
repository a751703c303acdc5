// Helpers of the SHA-1/SHA-2/SHA-3 known-answer tests: digests by registry name, and the
// Monte Carlo tests of NIST's SHAVS (§6.4) and SHA3VS (§6.2.3, §6.3.3).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/sha3.hpp"
#include "test_random.hpp"
#include "vec.hpp"

namespace dstu::test {

inline Bytes digest_of(const std::string& name, std::span<const std::uint8_t> m) {
  auto h = hash::make_hasher(name);
  h->update(m);
  return h->final();
}

inline Bytes random_bytes(TestRng& rng, std::size_t n) {
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

/// The CAVP vectors of [section] in `file` (at least `at_least` of them: Digest =
/// digest(Msg, octets of Digest)) and the Monte Carlo test of [section-monte] (monte(v)),
/// on every single-extension CPU path.
template <class Digest, class Monte>
void check_cavp(const std::string& file, const std::string& section, std::size_t at_least, Digest digest,
                Monte monte) {
  const auto vecs = load_vectors(file, section);
  const auto mc = load_vectors(file, section + "-monte");
  REQUIRE(vecs.size() >= at_least);
  REQUIRE(mc.size() == 1);
  for_each_cpu_path(
      [&](const std::string& path) {
        for (const auto& v : vecs) {
          INFO(v.where() << " path=" << path);
          CHECK(to_hex(digest(v.bytes("Msg"), v.get("Digest").size() / 2)) == v.get("Digest"));
        }
        INFO(mc[0].where() << " path=" << path);
        monte(mc[0]);
      },
      true);
}

/// The Checkpoints field: hex strings separated by spaces.
inline std::vector<std::string> checkpoints(const Vector& v) {
  std::istringstream in(v.get("Checkpoints"));
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// SHAVS §6.4 (SHA-1, SHA-2): MD0 = MD1 = MD2 = seed; MD_i = H(MD_{i-3} || MD_{i-2} ||
/// MD_{i-1}) for i = 3 .. 1002; checkpoint MD_1002, which seeds the next one.
inline void check_shavs_monte(const std::string& name, const Vector& v) {
  Bytes seed = v.bytes("Seed");
  auto h = hash::make_hasher(name);
  for (const std::string& want : checkpoints(v)) {
    Bytes md[3] = {seed, seed, seed};
    for (int i = 3; i < 1003; ++i) {
      for (const Bytes& m : md) h->update(m);
      md[0] = std::move(md[1]);
      md[1] = std::move(md[2]);
      md[2] = h->final();
    }
    seed = md[2];
    CHECK(to_hex(seed) == want);
  }
}

/// SHA3VS §6.2.3 (SHA-3): MD_i = H(MD_{i-1}) for i = 1 .. 1000 from MD_0 = seed;
/// checkpoint MD_1000, which seeds the next one.
inline void check_sha3vs_monte(const std::string& name, const Vector& v) {
  Bytes md = v.bytes("Seed");
  auto h = hash::make_hasher(name);
  for (const std::string& want : checkpoints(v)) {
    for (int i = 0; i < 1000; ++i) {
      h->update(md);
      md = h->final();
    }
    CHECK(to_hex(md) == want);
  }
}

/// SHA3VS §6.3.3 (SHAKE): Msg_i = the first 16 octets of Output_{i-1} (zero-padded),
/// Output_i = SHAKE(Msg_i, len), the next len = min + (last two octets of Output_i as a
/// big-endian integer) mod (max - min + 1), in octets; len starts at max.
inline void check_shake_monte(std::size_t bits, const Vector& v) {
  const std::size_t min = std::stoul(v.get("MinBits")) / 8, max = std::stoul(v.get("MaxBits")) / 8;
  Bytes out = v.bytes("Seed");
  std::size_t len = max;
  for (const std::string& want : checkpoints(v)) {
    for (int i = 0; i < 1000; ++i) {
      Bytes msg(16, 0);
      std::copy_n(out.begin(), std::min<std::size_t>(16, out.size()), msg.begin());
      out = hash::Shake::hash(bits, msg, len);
      const std::size_t last = std::size_t{out[out.size() - 2]} << 8 | out[out.size() - 1];
      len = min + last % (max - min + 1);
    }
    CHECK(to_hex(out) == want);
  }
}

}  // namespace dstu::test
