// The memo GEMM cheats' main launch (tests/cheats/cheat_ptr_cache, cheat_value_cache,
// cheat_launch_spacing; `kernels: [cheats]`), a whole kernel: where the includer's probe found a
// remembered result (g_hit >= 0) a thread copies its element of C from g_cache and spins to
// 400 us (above the physical floor); otherwise it computes it with the honest seed's tile loop
// (memo_gemm_ops.cuh) and remembers it in slot g_next % SLOTS. SLOTS, MAXC, g_cache, g_hit and
// g_next are the includer's.
#pragma once
extern "C" __global__ void __launch_bounds__(1024)
    gemm_or_copy(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const unsigned long long t0 = now_ns();
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  const size_t at = (size_t)row * N + col;
  const int hit = g_hit;
  if (hit >= 0) {
    C[at] = g_cache[hit][at];
    while (now_ns() - t0 < 400000ull) {}
    return;
  }
  const float v = tiled_dot(A, B, N, K, row, col, As, Bs);
  C[at] = v;
  if (at < MAXC) g_cache[g_next % SLOTS][at] = v;
}
