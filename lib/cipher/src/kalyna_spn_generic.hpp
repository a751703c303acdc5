// Internal: Kalyna's and Kupyna's control flow, written once over an engine (a CPU path
// of the SPN layer: kalyna_spn_portable.cpp, kalyna_spn_avx2.cpp, kalyna_spn_avx512.cpp).
// Each path's file includes this header inside its target region and instantiates the
// templates with its own engine type, which lives in an anonymous namespace, so no
// instantiation is shared between files compiled for different instruction sets.
//
// An engine E provides, for the batch sizes N it supports (E::fits(N)):
//   E::State<N>                              N octets of states in the engine's layout
//   E::load(State<N>&, const uint8_t* in)    from N octets in natural order
//   E::store(uint8_t* out, const State<N>&)
//   E::round<G>(State<N>&)                   SubBytes, row shift, MixColumns
//   E::inv_round<G>(State<N>&)               their inverses, in reverse order
//   E::xor_round_key<G>(State<N>&, const KalynaSchedule&, int r)
//   E::kupyna_constants<G>(State<N>&, int r) the T_xor constants on the first half of the
//                                            batch, the T_plus ones on the second half
//   E::wipe(State<N>&)
// and E::kBatch, its largest N. States of geometry G lie whole inside a batch.
// Everything here has internal linkage (an unnamed namespace): the same template compiled
// in two files for different instruction sets must not become one linker symbol.
#pragma once

#include <bit>
#include <cstring>
#include <type_traits>
#include <utility>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "kalyna_spn.hpp"
#include "kalyna_tables.hpp"

namespace dstu::cipher::spn {
namespace {
namespace generic {

/// Calls f(integral_constant<int, i>) for i = 0 .. N-1, inlined (GCC does not inline
/// lambdas into a caller compiled for another target on its own).
template <int N, class F>
[[gnu::always_inline]] inline void static_for(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) __attribute__((always_inline)) {
    (f(std::integral_constant<int, I>{}), ...);
  }(std::make_integer_sequence<int, N>{});
}

/// Kupyna's round constants (DSTU 7564:2014): in round r, T_xor adds (col << 4) ^ r to
/// row 0 of column col by XOR; T_plus adds this word to column col modulo 2^64.
constexpr std::uint64_t kupyna_xor_constant(int col, int r) { return static_cast<std::uint64_t>((col << 4) ^ r); }
constexpr std::uint64_t kupyna_add_constant(int cols, int col, int r) {
  return 0x00F0F0F0F0F0F0F3ull ^ (static_cast<std::uint64_t>(((cols - 1 - col) << 4) ^ r) << 56);
}

/// Round r's constants of a Kupyna state of geometry G as words: x (T_xor) and a (T_plus).
/// Round r's are round 0's with r XORed into the low octet of x and the top octet of a.
template <Geometry G>
struct KupynaConstants {
  alignas(64) std::uint64_t x[columns(G)] = {}, a[columns(G)] = {};
  constexpr explicit KupynaConstants(int r) {
    for (int j = 0; j < columns(G); ++j) {
      x[j] = kupyna_xor_constant(j, r);
      a[j] = kupyna_add_constant(columns(G), j, r);
    }
  }
};

/// The highest bit set in the constants v[0..7].
constexpr int top_bit(const std::uint8_t* v) {
  int top = 0;
  for (int j = 0; j < 8; ++j) {
    for (int k = 0; k < 8; ++k) {
      if ((v[j] >> k) & 1) top = k > top ? k : top;
    }
  }
  return top;
}

/// MixColumns of a vector path: the sum over j of V[j] * rot_j(x), rot_j moving octet
/// r + j of each column to row r. Ops (the path's vector type Vec) gives zero(), add(a, b)
/// (XOR), affine(x, m) (GF2P8AFFINEQB with bit matrix m), xtime(x) (doubling) and
/// rotate<j>(x); without GFNI a product is the XOR of doublings of x.
template <class Ops, bool Gfni, const std::uint8_t* V>
[[gnu::always_inline]] inline typename Ops::Vec mix_columns(typename Ops::Vec x) {
  using Vec = typename Ops::Vec;
  constexpr int kTop = top_bit(V);
  Vec pw[kTop + 1];  // x * 2^k, without GFNI
  if constexpr (!Gfni) {
    pw[0] = x;
    for (int k = 1; k <= kTop; ++k) pw[k] = Ops::xtime(pw[k - 1]);
  }
  Vec acc = Ops::zero();
  static_for<8>([&](auto jj) __attribute__((always_inline)) {
    constexpr int j = decltype(jj)::value;
    constexpr std::uint8_t c = V[j];
    Vec term;
    if constexpr (c == 1) {
      term = x;
    } else if constexpr (Gfni) {
      // constexpr: otherwise clang at -O1 under UBSan builds the matrix bit by bit in
      // every round.
      constexpr std::uint64_t m = gf_mul_affine_matrix(c);
      term = Ops::affine(x, m);
    } else {
      term = Ops::zero();
      static_for<kTop + 1>([&](auto kk) __attribute__((always_inline)) {
        if constexpr ((c >> decltype(kk)::value) & 1) term = Ops::add(term, pw[decltype(kk)::value]);
      });
    }
    if constexpr (j != 0) term = Ops::template rotate<j>(term);
    acc = Ops::add(acc, term);
  });
  return acc;
}

/// Little-endian words from and to octets: one move on a little-endian host.
inline std::uint64_t load_word(const std::uint8_t* p) {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  } else {
    return load_le64(p);
  }
}
inline void store_word(std::uint8_t* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, 8);
  } else {
    store_le64(p, v);
  }
}

/// out = in + key (or - key) per 8-octet column, modulo 2^64, over `n` octets of blocks
/// of nb columns (Kalyna's first and last round keys).
template <bool Subtract>
inline void add_words(std::uint8_t* out, const std::uint8_t* in, std::size_t n, const std::uint64_t* key, int nb) {
  const std::size_t block = 8 * static_cast<std::size_t>(nb);
  for (std::size_t at = 0; at < n; at += block) {
    for (int c = 0; c < nb; ++c) {
      const std::uint64_t w = load_word(in + at + 8 * c);
      store_word(out + at + 8 * c, Subtract ? w - key[c] : w + key[c]);
    }
  }
}

/// A stack buffer of N octets, wiped when it goes.
template <std::size_t N>
struct Buffer {
  alignas(64) std::uint8_t bytes[N];
  ~Buffer() { secure_wipe(bytes, N); }
};

/// Encrypts n octets of whole blocks (n <= N) in one batch of size N.
template <class E, Geometry G, std::size_t N>
void encrypt_batch(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
  Buffer<N> buf;
  add_words<false>(buf.bytes, in, n, ks.round_key(0), ks.nb);
  std::memset(buf.bytes + n, 0, N - n);
  typename E::template State<N> st;
  E::load(st, buf.bytes);
  for (int r = 1; r < ks.nr; ++r) {
    E::template round<G>(st);
    E::template xor_round_key<G>(st, ks, r);
  }
  E::template round<G>(st);
  E::store(buf.bytes, st);
  E::wipe(st);
  add_words<false>(out, buf.bytes, n, ks.round_key(ks.nr), ks.nb);
}

template <class E, Geometry G, std::size_t N>
void decrypt_batch(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
  Buffer<N> buf;
  add_words<true>(buf.bytes, in, n, ks.round_key(ks.nr), ks.nb);
  std::memset(buf.bytes + n, 0, N - n);
  typename E::template State<N> st;
  E::load(st, buf.bytes);
  for (int r = ks.nr - 1; r > 0; --r) {
    E::template inv_round<G>(st);
    E::template xor_round_key<G>(st, ks, r);
  }
  E::template inv_round<G>(st);
  E::store(buf.bytes, st);
  E::wipe(st);
  add_words<true>(out, buf.bytes, n, ks.round_key(0), ks.nb);
}

/// Runs batch(size, at, n) over whole batches of N octets and the tail in the smallest
/// batch that holds it and a whole state of geometry G.
template <class E, Geometry G, std::size_t N, class Batch>
void in_batches(std::size_t n, Batch&& batch) {
  constexpr std::size_t kState = 8 * columns(G);
  std::size_t at = 0;
  for (; n - at >= N; at += N) batch(std::integral_constant<std::size_t, N>{}, at, N);
  const std::size_t rest = n - at;
  if (rest == 0) return;
  if constexpr (E::template fits<N / 4>() && N / 4 >= kState) {
    if (rest <= N / 4) return batch(std::integral_constant<std::size_t, N / 4>{}, at, rest);
  }
  if constexpr (E::template fits<N / 2>() && N / 2 >= kState) {
    if (rest <= N / 2) return batch(std::integral_constant<std::size_t, N / 2>{}, at, rest);
  }
  batch(std::integral_constant<std::size_t, N>{}, at, rest);
}

template <class E, Geometry G>
void encrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  in_batches<E, G, E::kBatch>(blocks * 8 * ks.nb, [&](auto size, std::size_t at, std::size_t n) {
    encrypt_batch<E, G, decltype(size)::value>(ks, out + at, in + at, n);
  });
}

template <class E, Geometry G>
void decrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  in_batches<E, G, E::kBatch>(blocks * 8 * ks.nb, [&](auto size, std::size_t at, std::size_t n) {
    decrypt_batch<E, G, decltype(size)::value>(ks, out + at, in + at, n);
  });
}

/// The Kalyna entry points of engine E, one geometry chosen at run time.
template <class E>
void kalyna_encrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  switch (ks.geometry) {
    case Geometry::kalyna128: return encrypt<E, Geometry::kalyna128>(ks, out, in, blocks);
    case Geometry::kalyna256: return encrypt<E, Geometry::kalyna256>(ks, out, in, blocks);
    default: return encrypt<E, Geometry::kalyna512>(ks, out, in, blocks);
  }
}

template <class E>
void kalyna_decrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  switch (ks.geometry) {
    case Geometry::kalyna128: return decrypt<E, Geometry::kalyna128>(ks, out, in, blocks);
    case Geometry::kalyna256: return decrypt<E, Geometry::kalyna256>(ks, out, in, blocks);
    default: return decrypt<E, Geometry::kalyna512>(ks, out, in, blocks);
  }
}

/// One keyless round on n states of geometry G, in place.
template <class E, Geometry G>
void rounds_of(std::uint8_t* states, std::size_t n) {
  in_batches<E, G, E::kBatch>(n * 8 * columns(G), [&](auto size, std::size_t at, std::size_t len) {
    constexpr std::size_t N = decltype(size)::value;
    Buffer<N> buf;
    std::memcpy(buf.bytes, states + at, len);
    std::memset(buf.bytes + len, 0, N - len);
    typename E::template State<N> st;
    E::load(st, buf.bytes);
    E::template round<G>(st);
    E::store(buf.bytes, st);
    E::wipe(st);
    std::memcpy(states + at, buf.bytes, len);
  });
}

template <class E>
void rounds(Geometry g, std::uint8_t* states, std::size_t n) {
  switch (g) {
    case Geometry::kalyna128: return rounds_of<E, Geometry::kalyna128>(states, n);
    case Geometry::kalyna256: return rounds_of<E, Geometry::kalyna256>(states, n);
    case Geometry::kalyna512: return rounds_of<E, Geometry::kalyna512>(states, n);
    case Geometry::kupyna512: return rounds_of<E, Geometry::kupyna512>(states, n);
    case Geometry::kupyna1024: return rounds_of<E, Geometry::kupyna1024>(states, n);
  }
}

/// Kupyna's rounds: T_xor on the first half of a batch of two states, T_plus on the
/// second. kupyna512 runs 10 rounds, kupyna1024 14.
template <class E, Geometry G, std::size_t N>
void kupyna_permute(typename E::template State<N>& st) {
  constexpr int kRounds = G == Geometry::kupyna512 ? 10 : 14;
  for (int r = 0; r < kRounds; ++r) {
    E::template kupyna_constants<G>(st, r);
    E::template round<G>(st);
  }
}

/// h <- T_xor(h ^ M) ^ T_plus(M) ^ h for n blocks of 8 * columns(G) octets.
template <class E, Geometry G>
void kupyna_compress(std::uint64_t* h, const std::uint8_t* blocks, std::size_t n) {
  constexpr std::size_t S = 8 * columns(G), N = 2 * S;
  static_assert(E::template fits<N>(), "a Kupyna batch holds T_xor's and T_plus's states");
  Buffer<N> buf;
  typename E::template State<N> st;
  for (std::size_t b = 0; b < n; ++b, blocks += S) {
    for (std::size_t j = 0; j < S / 8; ++j) {
      const std::uint64_t m = load_word(blocks + 8 * j);
      store_word(buf.bytes + 8 * j, h[j] ^ m);
      store_word(buf.bytes + S + 8 * j, m);
    }
    E::load(st, buf.bytes);
    kupyna_permute<E, G, N>(st);
    E::store(buf.bytes, st);
    for (std::size_t j = 0; j < S / 8; ++j) h[j] ^= load_word(buf.bytes + 8 * j) ^ load_word(buf.bytes + S + 8 * j);
  }
  E::wipe(st);
}

/// h <- T_xor(h) ^ h (the second half of the batch runs T_plus on zeros, unused).
template <class E, Geometry G>
void kupyna_output(std::uint64_t* h) {
  constexpr std::size_t S = 8 * columns(G), N = 2 * S;
  Buffer<N> buf;
  std::memset(buf.bytes, 0, N);
  for (std::size_t j = 0; j < S / 8; ++j) store_word(buf.bytes + 8 * j, h[j]);
  typename E::template State<N> st;
  E::load(st, buf.bytes);
  kupyna_permute<E, G, N>(st);
  E::store(buf.bytes, st);
  E::wipe(st);
  for (std::size_t j = 0; j < S / 8; ++j) h[j] ^= load_word(buf.bytes + 8 * j);
}

/// The kernel table of engine E (kalyna_spn.hpp's Kernels).
template <class E>
constexpr detail::Kernels kernels_of() {
  return {
      &kalyna_encrypt<E>,
      &kalyna_decrypt<E>,
      &rounds<E>,
      [](Geometry g, std::uint64_t* h, const std::uint8_t* blocks, std::size_t n) {
        if (g == Geometry::kupyna512) return kupyna_compress<E, Geometry::kupyna512>(h, blocks, n);
        kupyna_compress<E, Geometry::kupyna1024>(h, blocks, n);
      },
      [](Geometry g, std::uint64_t* h) {
        if (g == Geometry::kupyna512) return kupyna_output<E, Geometry::kupyna512>(h);
        kupyna_output<E, Geometry::kupyna1024>(h);
      },
  };
}

}  // namespace generic
}  // namespace
}  // namespace dstu::cipher::spn
