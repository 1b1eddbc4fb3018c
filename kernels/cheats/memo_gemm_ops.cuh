// What the GEMM cheats of the cheat suite's first round (issue 12:
// tests/cheats/cheat_launch_spacing, cheat_ptr_cache, cheat_value_cache, cheat_mutate_inputs,
// cheat_partial_write, cheat_scratch_cache) compute with when they do compute: the honest seed's
// 32x32 shared-memory tile loop as a function (tiled_dot: the dot product of row `row` of A and
// column `col` of B, the tiles in the caller's As and Bs), and the global timer (now_ns) they spin
// on to look slower or steadier than they are. Kept once (issue 33: six folders carried the same
// text).
#pragma once
#define TILE 32
__device__ __forceinline__ float tiled_dot(const float* A, const float* B, int N, int K, int row,
                                           int col, float (*As)[TILE], float (*Bs)[TILE]) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  return acc;
}
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
