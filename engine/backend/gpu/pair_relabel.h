// The keyed pairing of the structured timed perturbation (timed_perturbation.h: Pairs and
// Conjugate; issue 28, red team 23), host definition; derive_source.cpp (sd_make_feistel,
// sd_feistel_round, sd_feistel, sd_feistel_inv, sd_pair_involution, solver_perturb_relabel)
// mirrors it line for line.
//
// P, a pseudorandom permutation of [0, n) keyed by 64 bits: a Feistel network of kFeistelRounds
// rounds on the b-bit words (2^b >= n, b >= 2), its two halves of floor(b/2) and ceil(b/2) bits
// trading places each round, each round's function murmur3's fmix32 of the half under a 32-bit
// round key (from a splitmix64 of the key), walked in cycles until the word is below n (on
// average 2^b / n < 2 passes; 1 for a power of two). The pairs are {P(2j), P(2j+1)} and
// s(v) = P(P^-1(v) xor 1) is their involution (the last place of an odd n is its own pair).
// Before (main 509d247f) P was affine, p(t) = m t + a, so s(v) = v + m or v - m with about
// log2(n) bits per run, which six steps of a relabelled walk gave away
// (redteam23_cycle_relabel_memo); a keyed P leaves a kernel that knows the standing data nothing
// better than the run's own bytes: no few values of s say anything about the others short of
// the key.
#pragma once
#include <cstdint>

#include "engine/backend/gpu/perturb_arith.h"

namespace solver::gpu::perturb_detail {

inline constexpr int kFeistelRounds = 6;

// One pairing's key schedule: the round keys, the word's bits and n.
struct FeistelKey {
  uint32_t k[kFeistelRounds];
  int bits;
  uint64_t n;
};

inline FeistelKey feistel_key(uint64_t key, uint64_t n) {
  FeistelKey f;
  f.n = n;
  f.bits = 2;
  while ((uint64_t(1) << f.bits) < n) ++f.bits;  // n < 2^32 here (timed_changeable): b <= 32
  for (int r = 0; r < kFeistelRounds; ++r) f.k[r] = uint32_t(mix(key ^ (uint64_t(r) << 40)) >> 32);
  return f;
}

inline uint32_t feistel_round(uint32_t k, uint32_t x) {
  uint32_t h = x ^ k;
  h ^= h >> 16;
  h *= 0x85ebca6bU;
  h ^= h >> 13;
  h *= 0xc2b2ae35U;
  return h ^ (h >> 16);
}

// P(t) for t < n: one Feistel pass of the b-bit word (A its high floor(b/2) bits, B the rest;
// each round A' = B, B' = A xor F(B), the sizes trading places, an even number of rounds), again
// while the word is n or more.
inline uint64_t feistel(const FeistelKey& f, uint64_t t) {
  const int u = f.bits / 2, v = f.bits - u;
  do {
    uint32_t a = uint32_t(t >> v), b = uint32_t(t) & ((1U << v) - 1);
    int sa = u, sb = v;
    for (int r = 0; r < kFeistelRounds; ++r) {
      const uint32_t c = (a ^ feistel_round(f.k[r], b)) & ((1U << sa) - 1);
      a = b, b = c;
      const int w = sa;
      sa = sb, sb = w;
    }
    t = (uint64_t(a) << v) | b;
  } while (t >= f.n);
  return t;
}

// P^-1(v) for v < n: the rounds backwards, walked the same way.
inline uint64_t feistel_inv(const FeistelKey& f, uint64_t t) {
  const int u = f.bits / 2, v = f.bits - u;
  do {
    uint32_t a = uint32_t(t >> v), b = uint32_t(t) & ((1U << v) - 1);
    int sa = u, sb = v;
    for (int r = kFeistelRounds - 1; r >= 0; --r) {
      const uint32_t c = (b ^ feistel_round(f.k[r], a)) & ((1U << sb) - 1);
      b = a, a = c;
      const int w = sa;
      sa = sb, sb = w;
    }
    t = (uint64_t(a) << v) | b;
  } while (t >= f.n);
  return t;
}

// s(v) = P(P^-1(v) xor 1); the unpaired last place of an odd n maps to itself. A value
// outside [0, n) (not a structure of n places) is left as it is.
inline uint64_t pair_involution(const FeistelKey& f, uint64_t v) {
  if (v >= f.n) return v;
  const uint64_t t = feistel_inv(f, v);
  if ((f.n & 1) && t == f.n - 1) return v;
  return feistel(f, t ^ 1);
}

// Whether pair j's two places exchange their values: every pair for a cycle (a conjugation
// needs the whole involution), a seeded half of them for a permutation (so its sign, which a
// product of n/2 exchanges would fix, is a coin per run).
inline constexpr uint64_t kSubsetSalt = 0x7375627365740000ULL;
inline bool pair_exchanged(uint64_t key, int subset, int64_t j) {
  return !subset || (draw(key ^ kSubsetSalt, j) & 1);
}

}  // namespace solver::gpu::perturb_detail
