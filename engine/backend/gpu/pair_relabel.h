// The keyed pairing of the structured timed perturbation (timed_perturbation.h: Pairs and
// Conjugate; issue 28, red team 23), host definition; derive_source.cpp (sd_feistel_half,
// sd_feistel, sd_feistel_inv, sd_pair_at, sd_involution) mirrors it line for line.
//
// P, a pseudorandom permutation of [0, n) keyed by 64 bits: a balanced Feistel network of
// kFeistelRounds rounds on the 2h-bit words (4^h >= n, h >= 1), each round's function a
// splitmix64 of the key, the round and the half, walked in cycles until the word is below n
// (on average 4^h / n < 4 steps). The pairs are {P(2j), P(2j+1)} and s(v) = P(P^-1(v) xor 1) is
// their involution (the last place of an odd n is its own pair). Before (main 509d247f) P was
// affine, p(t) = m t + a, so s(v) = v + m or v - m with about log2(n) bits per run, which six
// steps of a relabelled walk gave away (redteam23_cycle_relabel_memo); a keyed P leaves a
// kernel that knows the standing data nothing better than the run's own bytes: no few values
// of s say anything about the others short of the 64-bit key.
#pragma once
#include <cstdint>

#include "engine/backend/gpu/perturb_arith.h"

namespace solver::gpu::perturb_detail {

inline constexpr int kFeistelRounds = 6;

// h: the least h >= 1 with 4^h >= n (n <= 2^32 here: timed_changeable).
inline int feistel_half(uint64_t n) {
  int h = 1;
  while ((uint64_t(1) << (2 * h)) < n) ++h;
  return h;
}

inline uint64_t feistel_round(uint64_t key, int r, uint64_t x) {
  return mix(key ^ (uint64_t(r) << 40) ^ x);
}

// P(t) for t < n: one Feistel pass of the 2h-bit word, again while the word is n or more.
inline uint64_t feistel(uint64_t key, int h, uint64_t n, uint64_t t) {
  const uint64_t mask = (uint64_t(1) << h) - 1;
  do {
    uint64_t l = t >> h, r = t & mask;
    for (int k = 0; k < kFeistelRounds; ++k) {
      const uint64_t f = l ^ (feistel_round(key, k, r) & mask);
      l = r, r = f;
    }
    t = (l << h) | r;
  } while (t >= n);
  return t;
}

// P^-1(v) for v < n: the rounds backwards, walked the same way.
inline uint64_t feistel_inv(uint64_t key, int h, uint64_t n, uint64_t v) {
  const uint64_t mask = (uint64_t(1) << h) - 1;
  do {
    uint64_t l = v >> h, r = v & mask;
    for (int k = kFeistelRounds - 1; k >= 0; --k) {
      const uint64_t f = r ^ (feistel_round(key, k, l) & mask);
      r = l, l = f;
    }
    v = (l << h) | r;
  } while (v >= n);
  return v;
}

// s(v) = P(P^-1(v) xor 1); the unpaired last place of an odd n maps to itself. A value
// outside [0, n) (not a structure of n places) is left as it is.
inline uint64_t pair_involution(uint64_t key, int h, uint64_t n, uint64_t v) {
  if (v >= n) return v;
  const uint64_t t = feistel_inv(key, h, n, v);
  if ((n & 1) && t == n - 1) return v;
  return feistel(key, h, n, t ^ 1);
}

// Whether pair j's two places exchange their values: every pair for a cycle (a conjugation
// needs the whole involution), a seeded half of them for a permutation (so its sign, which a
// product of n/2 exchanges would fix, is a coin per run).
inline constexpr uint64_t kSubsetSalt = 0x7375627365740000ULL;
inline bool pair_exchanged(uint64_t key, int subset, int64_t j) {
  return !subset || (draw(key ^ kSubsetSalt, j) & 1);
}

}  // namespace solver::gpu::perturb_detail
