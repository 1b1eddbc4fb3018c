// C = A B of FP32 matrices with an FP64 result (red team 8,
// tests/cheats/redteam8_f32in_fp64_tiles): 32x32 shared-memory tiles of floats, one output per
// thread. Each product is widened and summed in FP64 (DFMA: the seed, declared fp64) or, with
// -DTILE_SUM_FP32, each tile's 32 products are FP32 FMAs and only the tile's sum is widened and
// added in FP64 (the cheat: still declared fp64, every product in FP32 arithmetic; no double is
// ever narrowed, so no cvt.*.f32.f64 appears). With -DDEAD_F64_PAD as well (red team 9,
// tests/cheats/redteam9_dead_f64_majority) a block of 96 DFMAs sits behind a test no launch passes
// (K < 0): the PTX's static FP64 count then outnumbers the 32 FP32 FMAs, while every executed
// product is still FP32.
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE* TILE)
    f32in_dgemm(const float* A, const float* B, double* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#ifdef TILE_SUM_FP32
    float part = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k) part = fmaf(As[ty][k], Bs[k][tx], part);
    acc += (double)part;
#else
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fma((double)As[ty][k], (double)Bs[k][tx], acc);
#endif
    __syncthreads();
  }
#ifdef DEAD_F64_PAD
  if (K < 0) {  // never true: K is a matrix extent; the compiler cannot know it
    double d = acc;
#pragma unroll
    for (int k = 0; k < 96; ++k) d = fma(d, d + (double)k, (double)M);
    acc = d;
  }
#endif
  C[(size_t)row * N + col] = acc;
}
