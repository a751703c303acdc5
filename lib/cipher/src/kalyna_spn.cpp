// The Kalyna/Kupyna SPN layer: the choice of CPU path (one decision per call, from
// cpu::active()) and Kalyna's key schedule (DSTU 7624:2014 §6), written on the layer's
// keyless round so that it is constant time on every path.
#include "kalyna_spn.hpp"

#include <cstring>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::cipher::spn {

Path active_path() {
  const cpu::Features& f = cpu::active();
  if (f.avx512f && f.avx512bw && f.avx512vbmi) return f.gfni ? Path::avx512_gfni : Path::avx512;
  if (f.avx2) return f.gfni ? Path::avx2_gfni : Path::avx2;
  return Path::portable;
}

const char* path_name(Path p) {
  switch (p) {
    case Path::portable: return "portable";
    case Path::avx2: return "avx2";
    case Path::avx2_gfni: return "avx2+gfni";
    case Path::avx512: return "avx512vbmi";
    case Path::avx512_gfni: return "avx512vbmi+gfni";
  }
  return "?";
}

KalynaSchedule::~KalynaSchedule() {
  secure_wipe(rk, sizeof rk);
  secure_wipe(sliced, sizeof sliced);
}

namespace detail {

const Kernels& kernels(Path p) {
  switch (p) {
    case Path::avx512: return kernels_avx512(false);
    case Path::avx512_gfni: return kernels_avx512(true);
    case Path::avx2: return kernels_avx2(false);
    case Path::avx2_gfni: return kernels_avx2(true);
    case Path::portable: break;
  }
  return kernels_portable();
}

}  // namespace detail

void kalyna_encrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  detail::kernels(active_path()).encrypt(ks, out, in, blocks);
}

void kalyna_decrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  detail::kernels(active_path()).decrypt(ks, out, in, blocks);
}

void kupyna_compress(Geometry g, std::uint64_t* h, const std::uint8_t* blocks, std::size_t n) {
  detail::kernels(active_path()).kupyna_compress(g, h, blocks, n);
}

void kupyna_output(Geometry g, std::uint64_t* h) { detail::kernels(active_path()).kupyna_output(g, h); }

namespace {

/// One keyless round on n states of nb words each (words[i * nb + c] = column c of state i).
void rounds_on_words(Path path, Geometry g, std::uint64_t* words, int nb, int n) {
  std::uint8_t bytes[10 * 64];
  const int count = nb * n;
  for (int i = 0; i < count; ++i) store_le64(bytes + 8 * i, words[i]);
  detail::kernels(path).rounds(g, bytes, static_cast<std::size_t>(n));
  for (int i = 0; i < count; ++i) words[i] = load_le64(bytes + 8 * i);
  secure_wipe(bytes, sizeof bytes);
}

}  // namespace

// DSTU 7624:2014 §6 (as the reference implementation github:Roman-Oliynykov/Kalyna-reference
// kalyna.c lays it out): a state K_t from the key by three rounds; each even round key
// from the key, rotated by whole columns, with K_t + tmv mixed in by two rounds; each odd
// round key the previous even one with its octets rotated by 2 nb + 3.
void kalyna_expand_key(KalynaSchedule& ks, Geometry g, std::span<const std::uint8_t> key) {
  const int nb = columns(g), nk = static_cast<int>(key.size() / 8);
  ks.geometry = g;
  ks.nb = nb;
  ks.nk = nk;
  ks.nr = nk == 2 ? 10 : nk == 4 ? 14 : 18;
  const Path path = active_path();
  std::uint64_t k[8] = {};
  for (int c = 0; c < nk; ++c) k[c] = load_le64(key.data() + 8 * c);
  const std::uint64_t* k0 = k;
  const std::uint64_t* k1 = nk == nb ? k : k + nb;

  // K_t: (nb + nk + 1, 0, ...) + k0, round, ^ k1, round, + k0, round.
  std::uint64_t kt[8] = {};
  kt[0] = static_cast<std::uint64_t>(nb + nk + 1);
  for (int c = 0; c < nb; ++c) kt[c] += k0[c];
  rounds_on_words(path, g, kt, nb, 1);
  for (int c = 0; c < nb; ++c) kt[c] ^= k1[c];
  rounds_on_words(path, g, kt, nb, 1);
  for (int c = 0; c < nb; ++c) kt[c] += k0[c];
  rounds_on_words(path, g, kt, nb, 1);

  // The even round keys 0, 2, ..., nr side by side: state i for round key 2i, from the key
  // rotated left by whole columns (i times, or i / 2 times taking alternate halves of a
  // double-length key) plus K_t + tmv, tmv = 0x0001000100010001 << i in every column.
  const int evens = ks.nr / 2 + 1;
  std::uint64_t states[10 * 8], ktr[10 * 8];
  for (int i = 0; i < evens; ++i) {
    const int rotations = nk == nb ? i : i / 2, part = nk == nb ? 0 : i % 2;
    for (int c = 0; c < nb; ++c) {
      ktr[i * nb + c] = kt[c] + (0x0001000100010001ull << i);
      states[i * nb + c] = k[(part * nb + c + rotations) % nk] + ktr[i * nb + c];
    }
  }
  rounds_on_words(path, g, states, nb, evens);
  for (int i = 0; i < evens * nb; ++i) states[i] ^= ktr[i];
  rounds_on_words(path, g, states, nb, evens);
  for (int i = 0; i < evens * nb; ++i) ks.rk[2 * nb * (i / nb) + i % nb] = states[i] + ktr[i];

  // Odd round keys: octet q of K_(2i+1) is octet (q + 2 nb + 3) mod 8 nb of K_(2i).
  const int bytes = 8 * nb, turn = 2 * nb + 3;
  std::uint8_t even[64], odd[64];
  for (int r = 1; r < ks.nr; r += 2) {
    for (int c = 0; c < nb; ++c) store_le64(even + 8 * c, ks.rk[(r - 1) * nb + c]);
    for (int q = 0; q < bytes; ++q) odd[q] = even[(q + turn) % bytes];
    for (int c = 0; c < nb; ++c) ks.rk[r * nb + c] = load_le64(odd + 8 * c);
  }
  detail::slice_round_keys(ks);

  secure_wipe(k, sizeof k);
  secure_wipe(kt, sizeof kt);
  secure_wipe(states, sizeof states);
  secure_wipe(ktr, sizeof ktr);
  secure_wipe(even, sizeof even);
  secure_wipe(odd, sizeof odd);
}

}  // namespace dstu::cipher::spn
