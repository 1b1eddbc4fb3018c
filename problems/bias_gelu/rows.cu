// vec4's shape (one 256-thread block per 256 consecutive float4s, thousands of blocks: the
// shape that reaches the copy floor on sigmoid and matmul_scalar) without its per-float4 work
// that is not memory traffic (issue 33): a 2-D grid, blockIdx.x the 256-float4 column tile and
// blockIdx.y a group of ROWS rows, so the bias float4 is one load into a register for the
// thread's ROWS rows (no 32-bit modulo, ~12 instructions, per float4); ROWS independent float4
// loads issued before the first GELU; GELU by libdevice erff (ERF 0) or the branch-free
// rational erf of include/gelu_erf.cuh (ERF 1, ~16 instead of ~28 instructions an element);
// loads and stores with the cache policy HINT (kernels/elementwise/stream_io.cuh).
// Requires (N / 4) % 256 == 0, M % ROWS == 0, M / ROWS <= 65535 (constraints in problem.yaml).
#ifndef ROWS
#define ROWS 1
#endif
#ifndef ERF
#define ERF 0
#endif

#include <gelu_erf.cuh>
#include <stream_io.cuh>

__device__ __forceinline__ float gelu4(float v) {
#if ERF == 1
  return gelu_rational(v);
#else
  return gelu_erff(v);
#endif
}

extern "C" __global__ void __launch_bounds__(256)
    bias_gelu_rows(const float* __restrict__ x, const float* __restrict__ bias,
                   float* __restrict__ y, int M, int N) {
  const unsigned n4 = N / 4;
  const unsigned c = blockIdx.x * 256 + threadIdx.x;
  const size_t at = (size_t)blockIdx.y * ROWS * n4 + c;
  const float4* xp = reinterpret_cast<const float4*>(x) + at;
  float4* yp = reinterpret_cast<float4*>(y) + at;
  float4 v[ROWS];
#pragma unroll
  for (int r = 0; r < ROWS; ++r) v[r] = ld_stream4(xp + (size_t)r * n4);
  const float4 b = __ldg(reinterpret_cast<const float4*>(bias) + c);
#pragma unroll
  for (int r = 0; r < ROWS; ++r)
    st_stream4(yp + (size_t)r * n4, make_float4(gelu4(v[r].x + b.x), gelu4(v[r].y + b.y),
                                                gelu4(v[r].z + b.z), gelu4(v[r].w + b.w)));
}
