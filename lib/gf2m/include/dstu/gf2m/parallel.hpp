// dstu::gf2m — parallel variants of multiplication and squaring ([Parallel DSTU 4145]
// §3: "the value and the modular reduction computed in parallel; fully for squaring,
// partly for multiplication").
//
// Squaring: a^2 = sum over words of a_i^2 x^(128 i) is linear, so each thread squares
// a range of words and reduces its own partial square; nothing is shared until the
// final XOR — fully parallel. Multiplication: the schoolbook product's columns are cut
// into ranges with equal numbers of word products; each thread computes its columns
// and reduces them (reduction is linear), so the low columns' value and the high
// columns' reduction run at the same time; the partial results are XORed — parallel
// except for the final combination. Both are bit-identical to mul()/sqr() for any
// thread count, constant time, and run on the persistent team of dstu::parallel.
//
// Handing parts to the team and joining them costs many times one product
// (tests/gf2m/perf_gf2m measures both), so they never pay at field sizes;
// parallel_*_pays() report that measured fact for the automatic choice.
#pragma once

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m {

/// The largest number of parts a product is cut into.
inline constexpr int kMaxParallelParts = 8;

/// r = a * b computed by up to `threads` team threads (sequential when threads <= 1 or
/// when called inside a parallel region).
void mul_parallel(const Field& f, Element& r, const Element& a, const Element& b, int threads);

/// r = a^2 computed by up to `threads` team threads.
void sqr_parallel(const Field& f, Element& r, const Element& a, int threads);

/// True when mul_parallel with `threads` threads beat mul() in the measured table
/// (parallel.cpp). False for every field measured.
bool parallel_mul_pays(const Field& f, int threads);

/// True when sqr_parallel beat sqr() (measured table). False for every field measured.
bool parallel_sqr_pays(const Field& f, int threads);

}  // namespace dstu::gf2m
