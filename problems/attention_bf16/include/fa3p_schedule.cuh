// fa3p's schedule, kept apart from the kernel so the CPU test (tests/generators/
// attention_fa3p_schedule_test.cpp) drives the same functions: which query tile and head a tile
// index names, how many key tiles a query tile reads, how many of them a consumer warpgroup must
// mask, and where a key tile sits in the K/V rings.
#pragma once

// Query tile index u (0 .. nq * nbh - 1) to its query tile qb and head bh: sections of hg heads
// one after another, heaviest first inside a section (the last query tile of each of its heads,
// then the one before, ...). The last section may hold fewer heads.
__host__ __device__ __forceinline__ void p3_tile(int u, int nq, int nbh, int hg, int& qb, int& bh) {
  const int sec = u / (hg * nq), r = u - sec * hg * nq;
  const int left = nbh - sec * hg, hs = left < hg ? left : hg;
  qb = nq - 1 - r / hs;
  bh = sec * hg + r % hs;
}

// Key tiles of bn keys at or below the last row of query tile qb (bm rows a query tile).
__host__ __device__ __forceinline__ int p3_key_tiles(int qb, int bm, int bn) {
  return (qb + 1) * bm / bn;
}

// The warpgroup whose first query row is wrow0 walks its nkb key tiles from the diagonal down;
// the first p3_masked_steps of them hold keys past wrow0 and are masked, the rest are not.
__host__ __device__ __forceinline__ int p3_masked_steps(int wrow0, int nkb, int bn) {
  return nkb - (wrow0 + 1) / bn;
}

// Ring position gi (key tiles the block has streamed before this one): stage and the parity of
// the stage's phase that holds it.
__host__ __device__ __forceinline__ int p3_stage(int gi, int stages) { return gi % stages; }
__host__ __device__ __forceinline__ unsigned p3_parity(int gi, int stages) {
  return (unsigned)((gi / stages) & 1);
}
