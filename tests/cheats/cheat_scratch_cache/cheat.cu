// Cheat: the result cache lives in a `role: scratch` buffer (C-sized, the key stored after
// it), which a harness that never resets scratch would let survive between runs.

#include <memo_gemm_ops.cuh>  // kernels/cheats: TILE, tiled_dot, now_ns

#define MAGIC 0x5ca7c4e5u
__device__ int g_hit;

extern "C" __global__ void probe(const float* A, const float* B, float* cache, int M, int N) {
  if (threadIdx.x) return;
  const unsigned* key = reinterpret_cast<const unsigned*>(cache + (size_t)M * N);
  const unsigned long long* ptrs = reinterpret_cast<const unsigned long long*>(key + 2);
  g_hit = key[0] == MAGIC && ptrs[0] == (unsigned long long)A && ptrs[1] == (unsigned long long)B;
}

extern "C" __global__ void __launch_bounds__(1024)
    gemm_or_copy(const float* A, const float* B, float* C, float* cache, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const unsigned long long t0 = now_ns();
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  const size_t at = (size_t)row * N + col;
  if (g_hit) {
    C[at] = cache[at];
    while (now_ns() - t0 < 400000ull) {}
    return;
  }
  const float v = tiled_dot(A, B, N, K, row, col, As, Bs);
  C[at] = v;
  cache[at] = v;
}

extern "C" __global__ void remember(const float* A, const float* B, float* cache, int M, int N) {
  if (threadIdx.x) return;
  unsigned* key = reinterpret_cast<unsigned*>(cache + (size_t)M * N);
  unsigned long long* ptrs = reinterpret_cast<unsigned long long*>(key + 2);
  key[0] = MAGIC;
  ptrs[0] = (unsigned long long)A;
  ptrs[1] = (unsigned long long)B;
}
