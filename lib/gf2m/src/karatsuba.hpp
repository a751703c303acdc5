// Internal: Karatsuba over 64-bit words for any carry-less 64x64 -> 128 primitive.
//
// A product of N-word polynomials is kept in accumulator form: acc[k], k < 2N - 1, is
// a 128-bit value at word offset k (value = sum acc[k] x^(64k)). Karatsuba's
// recombination is then plain XOR of accumulators, with no shifts; one pass at the
// end (Prim::to_words) folds the overlapping halves into 2N words.
//
// Prim supplies: V (one operand word), U (one 128-bit product), addv, addu, zero,
// mul(V, V) -> U and to_words<N>(Word* c, const U* acc). Splits: N = 2 and 3 by the
// 3- and 6-product formulas, N = 9 as three blocks (6 block products), other N as
// ceil(N/2) + floor(N/2). Products per size: 1, 3, 6, 9, 15, 18, 24, 27, 36.
//
// Unnamed namespace: included by TUs built for different ISAs (see words.hpp).
#pragma once

namespace dstu::gf2m::detail {
namespace {

template <class Prim, int N>
[[gnu::always_inline]] inline void kara(typename Prim::U* acc, const typename Prim::V* a,
                                        const typename Prim::V* b);

template <class Prim, int N>
[[gnu::always_inline]] inline void kara_two_way(typename Prim::U* acc,
                                                const typename Prim::V* a,
                                                const typename Prim::V* b) {
  using V = typename Prim::V;
  using U = typename Prim::U;
  constexpr int h = (N + 1) / 2, l = N - h;
  V sa[h], sb[h];
  for (int i = 0; i < h; ++i) {
    sa[i] = i < l ? Prim::addv(a[i], a[h + i]) : a[i];
    sb[i] = i < l ? Prim::addv(b[i], b[h + i]) : b[i];
  }
  U p0[2 * h - 1], p2[2 * l - 1], pm[2 * h - 1];
  kara<Prim, h>(p0, a, b);
  kara<Prim, l>(p2, a + h, b + h);
  kara<Prim, h>(pm, sa, sb);
  for (int k = 0; k < 2 * N - 1; ++k) acc[k] = Prim::zero();
  for (int k = 0; k < 2 * h - 1; ++k) {
    acc[k] = Prim::addu(acc[k], p0[k]);
    pm[k] = Prim::addu(pm[k], p0[k]);
  }
  for (int k = 0; k < 2 * l - 1; ++k) {
    acc[2 * h + k] = Prim::addu(acc[2 * h + k], p2[k]);
    pm[k] = Prim::addu(pm[k], p2[k]);
  }
  for (int k = 0; k < 2 * h - 1; ++k) acc[h + k] = Prim::addu(acc[h + k], pm[k]);
}

template <class Prim, int N>
[[gnu::always_inline]] inline void kara_three_way(typename Prim::U* acc,
                                                  const typename Prim::V* a,
                                                  const typename Prim::V* b) {
  using V = typename Prim::V;
  using U = typename Prim::U;
  constexpr int n = N / 3, w = 2 * n - 1;
  V s01a[n], s02a[n], s12a[n], s01b[n], s02b[n], s12b[n];
  for (int i = 0; i < n; ++i) {
    s01a[i] = Prim::addv(a[i], a[n + i]);
    s02a[i] = Prim::addv(a[i], a[2 * n + i]);
    s12a[i] = Prim::addv(a[n + i], a[2 * n + i]);
    s01b[i] = Prim::addv(b[i], b[n + i]);
    s02b[i] = Prim::addv(b[i], b[2 * n + i]);
    s12b[i] = Prim::addv(b[n + i], b[2 * n + i]);
  }
  U p0[w], p1[w], p2[w], p01[w], p02[w], p12[w];
  kara<Prim, n>(p0, a, b);
  kara<Prim, n>(p1, a + n, b + n);
  kara<Prim, n>(p2, a + 2 * n, b + 2 * n);
  kara<Prim, n>(p01, s01a, s01b);
  kara<Prim, n>(p02, s02a, s02b);
  kara<Prim, n>(p12, s12a, s12b);
  for (int k = 0; k < 2 * N - 1; ++k) acc[k] = Prim::zero();
  for (int k = 0; k < w; ++k) {
    const U q01 = Prim::addu(p0[k], p1[k]), q12 = Prim::addu(p1[k], p2[k]);
    acc[k] = Prim::addu(acc[k], p0[k]);
    acc[n + k] = Prim::addu(acc[n + k], Prim::addu(p01[k], q01));
    acc[2 * n + k] = Prim::addu(acc[2 * n + k], Prim::addu(p02[k], Prim::addu(q01, p2[k])));
    acc[3 * n + k] = Prim::addu(acc[3 * n + k], Prim::addu(p12[k], q12));
    acc[4 * n + k] = Prim::addu(acc[4 * n + k], p2[k]);
  }
}

template <class Prim, int N>
[[gnu::always_inline]] inline void kara(typename Prim::U* acc, const typename Prim::V* a,
                                        const typename Prim::V* b) {
  using U = typename Prim::U;
  if constexpr (N == 1) {
    acc[0] = Prim::mul(a[0], b[0]);
  } else if constexpr (N == 2) {
    const U p0 = Prim::mul(a[0], b[0]), p1 = Prim::mul(a[1], b[1]);
    const U pm = Prim::mul(Prim::addv(a[0], a[1]), Prim::addv(b[0], b[1]));
    acc[0] = p0;
    acc[1] = Prim::addu(pm, Prim::addu(p0, p1));
    acc[2] = p1;
  } else if constexpr (N == 3) {
    const U p0 = Prim::mul(a[0], b[0]), p1 = Prim::mul(a[1], b[1]),
            p2 = Prim::mul(a[2], b[2]);
    const U p01 = Prim::mul(Prim::addv(a[0], a[1]), Prim::addv(b[0], b[1]));
    const U p02 = Prim::mul(Prim::addv(a[0], a[2]), Prim::addv(b[0], b[2]));
    const U p12 = Prim::mul(Prim::addv(a[1], a[2]), Prim::addv(b[1], b[2]));
    const U q01 = Prim::addu(p0, p1), q12 = Prim::addu(p1, p2);
    acc[0] = p0;
    acc[1] = Prim::addu(p01, q01);
    acc[2] = Prim::addu(p02, Prim::addu(q01, p2));
    acc[3] = Prim::addu(p12, q12);
    acc[4] = p2;
  } else if constexpr (N == 9) {
    kara_three_way<Prim, N>(acc, a, b);
  } else {
    kara_two_way<Prim, N>(acc, a, b);
  }
}

/// c[0 .. 2N) = a * b for N-word a, b given as words.
template <class Prim, int N>
[[gnu::always_inline]] inline void kara_words(Word* c, const Word* a, const Word* b) {
  typename Prim::V va[N], vb[N];
  for (int i = 0; i < N; ++i) {
    va[i] = Prim::load(a + i);
    vb[i] = Prim::load(b + i);
  }
  typename Prim::U acc[2 * N - 1];
  kara<Prim, N>(acc, va, vb);
  Prim::template to_words<N>(c, acc);
}

}  // namespace
}  // namespace dstu::gf2m::detail
