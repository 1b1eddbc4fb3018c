// Cheat: C cached in __device__ memory, keyed on 8 sampled input values (4 of A, 4 of B), so
// it needs no stable pointer. A hit copies the cached C and spins to 400 us (above the floor).

#include <memo_gemm_ops.cuh>  // kernels/cheats: TILE, tiled_dot, now_ns

#define SLOTS 4
#define MAXC (2048 * 2048)
__device__ float g_cache[SLOTS][MAXC];
__device__ float g_key[SLOTS][8];
__device__ int g_used[SLOTS];
__device__ int g_next, g_hit;

__device__ void sample(const float* A, const float* B, float* k) {
  for (int i = 0; i < 4; ++i) {
    k[i] = A[(size_t)i * 1000003];
    k[4 + i] = B[(size_t)i * 999983];
  }
}

extern "C" __global__ void probe(const float* A, const float* B) {
  if (threadIdx.x) return;
  float k[8];
  sample(A, B, k);
  int hit = -1;
  for (int s = 0; s < SLOTS; ++s) {
    bool same = g_used[s];
    for (int i = 0; i < 8; ++i) same = same && g_key[s][i] == k[i];
    if (same) hit = s;
  }
  g_hit = hit;
}

#include <memo_gemm_or_copy.cuh>  // gemm_or_copy: copy a remembered C, or compute it (kernels/cheats)

extern "C" __global__ void remember(const float* A, const float* B) {
  if (threadIdx.x || g_hit >= 0) return;
  const int s = g_next % SLOTS;
  sample(A, B, g_key[s]);
  g_used[s] = 1;
  g_next = g_next + 1;
}
