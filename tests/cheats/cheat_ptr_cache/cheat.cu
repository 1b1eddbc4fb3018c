// Cheat: C cached in __device__ memory, keyed on the (A, B) pointers (4 slots, round robin).
// A hit copies the cached C and spins to 400 us, above the physical floor (256 us), so only a
// check on new values at a known address can see it.

#include <memo_gemm_ops.cuh>  // kernels/cheats: TILE, tiled_dot, now_ns

#define SLOTS 4
#define MAXC (2048 * 2048)
__device__ float g_cache[SLOTS][MAXC];
__device__ const float* g_key_a[SLOTS];
__device__ const float* g_key_b[SLOTS];
__device__ int g_next, g_hit;

extern "C" __global__ void probe(const float* A, const float* B) {
  if (threadIdx.x) return;
  int hit = -1;
  for (int s = 0; s < SLOTS; ++s)
    if (g_key_a[s] == A && g_key_b[s] == B) hit = s;
  g_hit = hit;
}

#include <memo_gemm_or_copy.cuh>  // gemm_or_copy: copy a remembered C, or compute it (kernels/cheats)

extern "C" __global__ void remember(const float* A, const float* B) {
  if (threadIdx.x || g_hit >= 0) return;
  const int s = g_next % SLOTS;
  g_key_a[s] = A;
  g_key_b[s] = B;
  g_next = g_next + 1;
}
