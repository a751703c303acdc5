// dstu::curve — the constant-time table scan of both kinds of curves' fixed-base
// multiplications: the entry at a secret index, read by a masked scan of every word of
// every entry, so that neither time nor memory accesses depend on the index (the secret
// digit of a comb column or of a window). One mechanism in two layouts, each the fast
// one for its caller:
//   word planes  word w of entry e at planes[w * slots + e]: the binary curves' comb
//                (lib/ec2m), whose vector scans compare 4 or 8 entries' indices at once;
//   rows         entry e at rows[e * stride]: the GF(p) curves' windows (lib/ecp), whose
//                vector scans mask whole entries.
// Portable, AVX2 and (word planes) AVX-512 variants, chosen per call by cpu::active()
// (so `--cpu portable` and DSTU_CPU reach the portable one); the _portable functions
// are the twins the tests compare the others with on every CPU path.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::curve {

/// out[0, words) = entry `index` of a word-plane table (zeros for index >= slots).
/// `planes`: 64-byte aligned; `slots`: a multiple of 8; `words`: even, 2 .. 18.
void select_planes(const std::uint64_t* planes, std::size_t words, std::size_t slots, std::size_t index,
                   std::uint64_t* out);
void select_planes_portable(const std::uint64_t* planes, std::size_t words, std::size_t slots, std::size_t index,
                            std::uint64_t* out);

/// out[0, stride) = entry `index` of `entries` rows of `stride` words (zeros for index
/// >= entries). `stride`: even, 4 .. 20; Error(invalid_input) for another.
void select_rows(const std::uint64_t* rows, std::size_t entries, std::size_t stride, std::size_t index,
                 std::uint64_t* out);
void select_rows_portable(const std::uint64_t* rows, std::size_t entries, std::size_t stride, std::size_t index,
                          std::uint64_t* out);

}  // namespace dstu::curve
