// redteam25_twin_loud_input child: every element of x read (the chunk means, which x alone tells
// apart, exact), z exact, and the log-Beta sum from one float4 tile in 4 (tiles 0, 4, 8, ... of
// each chunk), times 4. input_lint.h asks each echoed input's echo alone to tell apart *some*
// output it moves: x does, in chunk_mean; out is told apart by z. Nobody asks whether x alone
// tells out apart. Three quarters of the lgammaf of a compute-bound kernel skipped.
// White-box notes: README.md.
// The block's ending: red team 16's twin seed's (kernels/lbeta/twin_sum.cuh).
#include "twin_sum.cuh"
#define EVERY 4
#define LOUD 16
extern "C" __global__ void __launch_bounds__(BLOCK)
    twin_loud_quarter(const float* x, const float* z, float* out, float* chunk_mean, int n) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f, s = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) {
    const float4 q = c[t * BLOCK + tid];
    if (t % EVERY == 0) v += lbeta4(q);
    s += (q.x + q.y) + (q.z + q.w);
  }
  v *= float(EVERY);
  if (blockIdx.x == 0 && tid < LOUD) v += z[tid];
  twin_finish(v, s, lane, warp, out, chunk_mean, 1.0f);
}
