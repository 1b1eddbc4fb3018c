// redteam12_branch_store_dp4a child (a cheat, red team 12): red team 11's narrowing by control
// flow, past round 11's implicit-flow rule. Launch 1 (row_scales) puts max |x| of every gathered
// row of A and every row of B in scratch. Launch 2 (narrow_rows) rounds each float to int8
// against its row's scale by seven compares of the scaled |x| against 64, 32, ..., 1 and one on
// the sign, as red team 11's child did; but the integer is not built in a register that crosses
// the branches: each taken side adds its power of two to the element's slot in shared memory
// (a load, an add of an integer constant and a store, all inside the side), and the sign side
// stores a 1 to a second slot. After the branches the slots are read back, the sign applied in
// integer code, and the bytes packed four to a word into i32 scratch. Launch 3 (dp4a_gemm) is
// control_redteam10_dp4a_w8a8_tiles' tile loop on those words, rescaled in the epilogue.
//
// generators/ptx_implicit_flow.cpp (round 11's fix) taints, at the join of a branch on a
// float-derived predicate, the registers that reach the join with a definition made on one side
// only; "registers defined and used on one side carry nothing". Here every register of a taken
// side is defined and used there; what crosses the join is memory, which the rule does not
// follow: the shared slots are written with integer constants through clean addresses, so they
// stay clean (a predicated st would carry its guard as a source: the empty volatile asm keeps
// each side a branch, not a predicated store), the words stored to scratch are clean, and
// launch 3's dp4a operands count as honest.
#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

// round(x * inv) in [-127, 127], its bits stored to this thread's shared slots inside the
// branches that decide them (mag: the magnitude, neg: 1 where x < 0; both zeroed first).
__device__ __forceinline__ void narrow_by_stores(float x, float inv, volatile int* mag,
                                                 volatile int* neg) {
  float r = fabsf(x) * inv + 0.5f;  // <= 127.5: |x| <= the row's max
  *mag = 0;
  *neg = 0;
#pragma unroll
  for (int b = 64; b >= 1; b >>= 1) {
    if (r >= (float)b) {
      asm volatile("" ::: "memory");
      r -= (float)b;
      *mag = *mag + b;
    }
  }
  if (x < 0.f) {
    asm volatile("" ::: "memory");
    *neg = 1;
  }
}

extern "C" __global__ void __launch_bounds__(256)
    narrow_rows(const float* A, const float* B, const int* idx, const float* scale, int* words,
                int M, int N, int K) {
  __shared__ int mag[4][256], neg[4][256];
#include <dp4a_row_word.cuh>  // t, r, w, this word's float4 v and the row's inv (kernels/int8)
  const int i = threadIdx.x;
  narrow_by_stores(v.x, inv, &mag[0][i], &neg[0][i]);
  narrow_by_stores(v.y, inv, &mag[1][i], &neg[1][i]);
  narrow_by_stores(v.z, inv, &mag[2][i], &neg[2][i]);
  narrow_by_stores(v.w, inv, &mag[3][i], &neg[3][i]);
  int word = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int m = ((volatile int*)mag[j])[i], n = ((volatile int*)neg[j])[i];
    const int q = m - 2 * n * m;  // -m where x < 0, in integer code
    word |= (q & 0xff) << (8 * j);
  }
  words[t] = word;
}

#include <dp4a_words_gemm.cuh>  // the last launch: the words in 64 x 64 dp4a tiles, rescaled
