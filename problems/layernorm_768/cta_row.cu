// One block of THREADS threads per row at a time, RPB consecutive rows per block (issue 33).
// Thread t holds float4s t, t + THREADS, ... of the row (CAP per thread, enough for N <= 1024;
// at width 768: 3 at 64 threads, 2 or 1 at 128, 1 at 256 with 64 lanes idle). One shifted
// statistics pass over the registers (shift: the row's first value, against cancellation when
// |mean| >> std), both sums reduced together (shuffles, then one shared slot pair per warp and
// one barrier), the output written from the registers. With RPB > 1 the block reads gamma and
// beta once into registers, and the next row's loads are issued before this row's reduction:
// a row's worth of loads stays in flight while the block reduces and stores, where one row per
// block leaves the SM's load queue to the other blocks. x and y go through stream_io.cuh's
// policy HINT (HINT 1 is warp_rows' __ldcs / __stcs; at THREADS 128, RPB 1, HINT 1 this is
// warp_rows[THREADS=128,WPR=4], the pool's best before, with one barrier fewer per row).
// Requires N % 4 == 0, N <= 1024, M % RPB == 0 (problem.yaml).
#ifndef THREADS
#define THREADS 128
#endif
#ifndef RPB
#define RPB 1
#endif
#define WARPS (THREADS / 32)
#define CAP ((256 + THREADS - 1) / THREADS)

#include <stream_io.cuh>
#include <warp_reduce.cuh>

struct RowStats {
  float mean, rstd;
};

// The row's statistics from this thread's nv float4s; slot: 2 * WARPS floats, not the slot the
// previous call used (its readers may still be reading: no barrier after the read).
__device__ __forceinline__ RowStats row_stats(const float4 (&v)[CAP], int nv, float shift, int N,
                                              float eps, float* slot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float s = 0.0f, q = 0.0f;
#pragma unroll
  for (int u = 0; u < CAP; ++u)
    if (u < nv) {
      const float a = v[u].x - shift, b = v[u].y - shift, d = v[u].z - shift, e = v[u].w - shift;
      s += (a + b) + (d + e);
      q += (a * a + b * b) + (d * d + e * e);
    }
  s = warp_sum(s);
  q = warp_sum(q);
  if (WARPS > 1) {
    if (lane == 0) {
      slot[warp] = s;
      slot[WARPS + warp] = q;
    }
    __syncthreads();
    s = 0.0f;
    q = 0.0f;
#pragma unroll
    for (int k = 0; k < WARPS; ++k) {
      s += slot[k];
      q += slot[WARPS + k];
    }
  }
  const float dmean = s / N;
  return {shift + dmean, rsqrtf(fmaxf(q / N - dmean * dmean, 0.0f) + eps)};
}

// One row per block: 2048 / THREADS blocks per SM want <= 32 registers a thread.
extern "C" __global__ void __launch_bounds__(THREADS, RPB == 1 ? 2048 / THREADS : 1)
    layernorm768_cta_row(const float* __restrict__ x, const float* __restrict__ gamma,
                         const float* __restrict__ beta, float* __restrict__ y, int M, int N,
                         float eps) {
  __shared__ float slots[2][2 * WARPS];
  const int tid = threadIdx.x, n4 = N / 4;
  const int nv = (n4 - tid + THREADS - 1) / THREADS;  // float4s this thread holds
  const size_t r0 = (size_t)blockIdx.x * RPB;
  const float4* g4 = reinterpret_cast<const float4*>(gamma);
  const float4* b4 = reinterpret_cast<const float4*>(beta);

  float4 v[CAP];
#pragma unroll
  for (int u = 0; u < CAP; ++u)
    if (u < nv) v[u] = ld_stream4(reinterpret_cast<const float4*>(x + r0 * N) + tid + u * THREADS);
  float shift = __ldg(x + r0 * N);
  float4 g[CAP], b[CAP];
  if (RPB > 1) {
#pragma unroll
    for (int u = 0; u < CAP; ++u)
      if (u < nv) {
        g[u] = __ldg(g4 + tid + u * THREADS);
        b[u] = __ldg(b4 + tid + u * THREADS);
      }
  }

#pragma unroll
  for (int k = 0; k < RPB; ++k) {
    const size_t r = r0 + k;
    float4 nxt[CAP];
    float nshift = 0.0f;
    if (k + 1 < RPB) {  // the next row's loads, in flight during this row's reduction
#pragma unroll
      for (int u = 0; u < CAP; ++u)
        if (u < nv)
          nxt[u] = ld_stream4(reinterpret_cast<const float4*>(x + (r + 1) * N) + tid + u * THREADS);
      nshift = __ldg(x + (r + 1) * N);
    }
    const RowStats st = row_stats(v, nv, shift, N, eps, slots[k & 1]);
    float4* out = reinterpret_cast<float4*>(y + r * N);
#pragma unroll
    for (int u = 0; u < CAP; ++u)
      if (u < nv) {
        const int c = tid + u * THREADS;
        const float4 gg = RPB > 1 ? g[u] : __ldg(g4 + c), bb = RPB > 1 ? b[u] : __ldg(b4 + c);
        st_stream4(out + c, make_float4((v[u].x - st.mean) * st.rstd * gg.x + bb.x,
                                        (v[u].y - st.mean) * st.rstd * gg.y + bb.y,
                                        (v[u].z - st.mean) * st.rstd * gg.z + bb.z,
                                        (v[u].w - st.mean) * st.rstd * gg.w + bb.w));
      }
    if (k + 1 < RPB) {
#pragma unroll
      for (int u = 0; u < CAP; ++u) v[u] = nxt[u];
      shift = nshift;
    }
  }
}
