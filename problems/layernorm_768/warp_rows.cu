// WPR warps per row, THREADS / (32*WPR) rows per block. Thread t of a row's 32*WPR threads
// holds float4s t, t + 32*WPR, ... of the row in registers (the register array is sized for
// rows up to 1024 wide: `requires`); at width 768 that is 6 per lane at WPR=1 and 1 at WPR=8,
// where 64 of the row's 256 lanes hold nothing. One statistics pass over the registers, with
// sums shifted by the row's first value (so E[d^2] - E[d]^2 does not cancel badly when
// |mean| >> std): a warp-shuffle butterfly and, for WPR > 1, one shared slot per warp summed
// by the row's warps. The output is written from registers: x is read once.
#define RT (32 * WPR)              // threads per row
#define RPB (THREADS / RT)         // rows per block
#define CAP ((256 + RT - 1) / RT)  // float4s per thread for N <= 1024

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(THREADS)
    layernorm768_warp_rows(const float* __restrict__ x, const float* __restrict__ gamma,
                           const float* __restrict__ beta, float* __restrict__ y, int M, int N,
                           float eps) {
  __shared__ float ps[THREADS / 32], pq[THREADS / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int rt = tid % RT;  // this thread's index within its row
  const int r = blockIdx.x * RPB + tid / RT;
  const bool live = r < M;  // the last block may hold fewer rows
  const int n4 = N / 4;
  const int nv = live ? (n4 - rt + RT - 1) / RT : 0;  // float4s this thread holds
  const float* rowf = x + (size_t)(live ? r : 0) * N;
  const float4* row = reinterpret_cast<const float4*>(rowf);
  const float shift = __ldg(rowf);

  float4 v[CAP];
  float s = 0.0f, q = 0.0f;
#pragma unroll
  for (int u = 0; u < CAP; ++u)
    if (u < nv) v[u] = __ldcs(row + rt + u * RT);
#pragma unroll
  for (int u = 0; u < CAP; ++u)
    if (u < nv) {
      const float a = v[u].x - shift, b = v[u].y - shift, d = v[u].z - shift, e = v[u].w - shift;
      s += (a + b) + (d + e);
      q += (a * a + b * b) + (d * d + e * e);
    }
  s = warp_sum(s);
  q = warp_sum(q);
  if (WPR > 1) {
    if (lane == 0) {
      ps[warp] = s;
      pq[warp] = q;
    }
    __syncthreads();
    const int w0 = warp - warp % WPR;  // the row's first warp
    s = 0.0f;
    q = 0.0f;
#pragma unroll
    for (int k = 0; k < WPR; ++k) {
      s += ps[w0 + k];
      q += pq[w0 + k];
    }
  }
  if (!live) return;
  const float dmean = s / N;
  const float var = fmaxf(q / N - dmean * dmean, 0.0f);
  const float mean = shift + dmean;
  const float rstd = rsqrtf(var + eps);

  float4* out = reinterpret_cast<float4*>(y + (size_t)r * N);
  const float4* g4 = reinterpret_cast<const float4*>(gamma);
  const float4* b4 = reinterpret_cast<const float4*>(beta);
#pragma unroll
  for (int u = 0; u < CAP; ++u)
    if (u < nv) {
      const int c = rt + u * RT;
      const float4 g = __ldg(g4 + c), b = __ldg(b4 + c);
      __stcs(out + c,
             make_float4((v[u].x - mean) * rstd * g.x + b.x, (v[u].y - mean) * rstd * g.y + b.y,
                         (v[u].z - mean) * rstd * g.z + b.z, (v[u].w - mean) * rstd * g.w + b.w));
    }
}
