// Two warps per row, ROWS rows per block. Warp h (0 or 1) of a row owns the float4s
// [h*span, (h+1)*span) with span = N/8, and each lane takes exactly PER = N/256 of them with
// no tail guard and no bound check: index lane + 32*i, i < PER, wrapped into the span. That is
// exact only when span is a multiple of 32 (then the wrap never happens); at width 128, span
// 16, lanes 16..31 wrap onto lanes 0..15's float4s and the row's sums count them twice. The
// constraint `(N / 4 / 2) % 32 == 0` in problem.yaml is that precondition. PER is a
// compile-time bound (at most 8: N <= 2048), the loop runs to the runtime N / 256.
#define PERMAX 8

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(64 * ROWS)
    layernorm768_two_warp(const float* __restrict__ x, const float* __restrict__ gamma,
                          const float* __restrict__ beta, float* __restrict__ y, int M, int N,
                          float eps) {
  __shared__ float ps[2 * ROWS], pq[2 * ROWS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, half = warp & 1;
  const int r = blockIdx.x * ROWS + (warp >> 1);
  const bool live = r < M;
  const int span = N / 8, per = (span + 31) / 32;  // the guard-free loop's trip count
  const float* rowf = x + (size_t)(live ? r : 0) * N;
  const float4* row = reinterpret_cast<const float4*>(rowf);
  const float shift = __ldg(rowf);

  float4 v[PERMAX];
  float s = 0.0f, q = 0.0f;
#pragma unroll
  for (int i = 0; i < PERMAX; ++i)
    if (i < per && live) v[i] = __ldcs(row + half * span + (lane + 32 * i) % span);
#pragma unroll
  for (int i = 0; i < PERMAX; ++i)
    if (i < per && live) {
      const float a = v[i].x - shift, b = v[i].y - shift, d = v[i].z - shift, e = v[i].w - shift;
      s += (a + b) + (d + e);
      q += (a * a + b * b) + (d * d + e * e);
    }
  s = warp_sum(s);
  q = warp_sum(q);
  if (lane == 0) {
    ps[warp] = s;
    pq[warp] = q;
  }
  __syncthreads();
  if (!live) return;
  s = ps[warp & ~1] + ps[warp | 1];
  q = pq[warp & ~1] + pq[warp | 1];
  const float dmean = s / N;
  const float var = fmaxf(q / N - dmean * dmean, 0.0f);
  const float mean = shift + dmean;
  const float rstd = rsqrtf(var + eps);

  float4* out = reinterpret_cast<float4*>(y + (size_t)r * N);
  const float4* g4 = reinterpret_cast<const float4*>(gamma);
  const float4* b4 = reinterpret_cast<const float4*>(beta);
#pragma unroll
  for (int i = 0; i < PERMAX; ++i)
    if (i < per) {
      const int c = half * span + (lane + 32 * i) % span;
      const float4 g = __ldg(g4 + c), b = __ldg(b4 + c);
      __stcs(out + c,
             make_float4((v[i].x - mean) * rstd * g.x + b.x, (v[i].y - mean) * rstd * g.y + b.y,
                         (v[i].z - mean) * rstd * g.z + b.z, (v[i].w - mean) * rstd * g.w + b.w));
    }
}
