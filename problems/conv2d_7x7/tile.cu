// 2-D convolution (cross-correlation, as deep-learning frameworks define it) of an image with a
// KS x KS filter, zero outside the image, with the structure of a direct-convolution kernel as
// knobs:
//   BX, BY  threads per block along x and y (a block covers BX*XPT x BY*YPT outputs)
//   XPT     adjacent outputs per thread along x: each input row's XPT + 2R values are loaded
//           once into registers and feed all XPT outputs (register tiling along x; with
//           SMEM = 0 a warp's loads are XPT floats apart, with SMEM = 1 its shared reads are)
//   YPT     adjacent outputs per thread along y: each of the YPT + 2R input rows is loaded once
//           and feeds every output row within R of it (register tiling along y)
//   SMEM    1: the block's input tile plus its R-wide halo staged in shared memory (one barrier,
//           the bounds checked once per staged value), then read from there; 0: every input
//           read from global memory through L1 (__ldg), bounds checked at each load
//   WSM     1: the KS*KS filter weights staged in shared memory once per block; 0: read with
//           __ldg (one uniform address per warp) at each use
// Requires W % (BX*XPT) == 0 and H % (BY*YPT) == 0 (constraints), so every output is in range.
// The knobs have no defaults here: problem.yaml declares each one's values and start, and every
// compile passes all six with -D.
#define KS 7
#define R (KS / 2)
#define TW (BX * XPT)   // outputs of a block along x
#define TH (BY * YPT)   // outputs of a block along y
#define SW (TW + 2 * R) // staged row width (with halo)
#define SR (TH + 2 * R) // staged rows (with halo)

__device__ __forceinline__ float ld(const float* __restrict__ x, int c, int r, int W, int H) {
  return (c >= 0 && c < W && r >= 0 && r < H) ? __ldg(x + (size_t)r * W + c) : 0.0f;
}

extern "C" __global__ void __launch_bounds__(BX * BY)
    conv_tile(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
              int W, int H) {
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BX + tx;
  const int bx0 = blockIdx.x * TW, by0 = blockIdx.y * TH;
  const int ox = bx0 + tx * XPT, oy = by0 + ty * YPT;  // this thread's first output
#if WSM
  __shared__ float ws[KS * KS];
  for (int i = tid; i < KS * KS; i += BX * BY) ws[i] = __ldg(w + i);
#define WT(i, j) ws[(i) * KS + (j)]
#else
#define WT(i, j) __ldg(w + (i) * KS + (j))
#endif
#if SMEM
  __shared__ float tile[SR][SW];
  for (int i = tid; i < SR * SW; i += BX * BY) {
    const int r = i / SW, c = i % SW;
    tile[r][c] = ld(x, bx0 + c - R, by0 + r - R, W, H);
  }
#endif
#if SMEM || WSM
  __syncthreads();
#endif
  float acc[YPT][XPT];
#pragma unroll
  for (int o = 0; o < YPT; ++o)
#pragma unroll
    for (int e = 0; e < XPT; ++e) acc[o][e] = 0.0f;
  // Input row oy - R + r feeds output row oy + o through filter row i = r - o.
#pragma unroll
  for (int r = 0; r < YPT + 2 * R; ++r) {
    float win[XPT + 2 * R];  // input columns ox - R .. ox + XPT - 1 + R of that row
#pragma unroll
    for (int c = 0; c < XPT + 2 * R; ++c)
#if SMEM
      win[c] = tile[ty * YPT + r][tx * XPT + c];
#else
      win[c] = ld(x, ox - R + c, oy - R + r, W, H);
#endif
#pragma unroll
    for (int o = 0; o < YPT; ++o) {
      const int i = r - o;
      if (i < 0 || i >= KS) continue;  // decided at compile time (loops unrolled)
#pragma unroll
      for (int j = 0; j < KS; ++j) {
        const float wij = WT(i, j);
#pragma unroll
        for (int e = 0; e < XPT; ++e) acc[o][e] = fmaf(wij, win[e + j], acc[o][e]);
      }
    }
  }
#pragma unroll
  for (int o = 0; o < YPT; ++o)
#pragma unroll
    for (int e = 0; e < XPT; ++e) y[(size_t)(oy + o) * W + ox + e] = acc[o][e];
#undef WT
}
