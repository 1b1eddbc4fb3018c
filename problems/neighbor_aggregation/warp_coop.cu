// The F/4 lanes of a node (a shuffle group: 32 % (F/4) == 0, so groups never straddle a warp)
// load the next F/4 neighbour indices in ONE coalesced access, one index per lane, and pass
// them around with __shfl_sync: the index loads drop from one per edge per thread to one per
// F/4 edges per thread. Then UNROLL row loads are in flight per thread. x rows are read with
// the read-only path; the output is written with a streaming store (evict-first), so it does
// not push gathered rows out of L2.

extern "C" __global__ void __launch_bounds__(256)
    aggregate_warp_coop(const int* __restrict__ rowptr, const int* __restrict__ col,
                        const float* __restrict__ x, float* __restrict__ out, int V, int F) {
  const int f4 = F / 4;
  const size_t t = (size_t)blockIdx.x * 256 + threadIdx.x;
  // Threads past the end still take part in the shuffles (their group's mask is the whole
  // group); they load nothing and store nothing. Groups are whole: V*f4 % f4 == 0.
  const bool live = t < (size_t)V * f4;
  const int v = live ? (int)(t / f4) : 0, q = (int)(t % f4);
  const int lane = threadIdx.x & 31, base = lane - q;  // first lane of this node's group
  const unsigned mask = (f4 == 32 ? 0xffffffffu : ((1u << f4) - 1u) << base);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  const int e0 = live ? __ldg(rowptr + v) : 0, e1 = live ? __ldg(rowptr + v + 1) : 0;
  for (int c0 = e0; c0 < e1; c0 += f4) {
    const int n = min(f4, e1 - c0);
    const int mine = q < n ? __ldg(col + c0 + q) : 0;
    int k = 0;
    for (; k + UNROLL <= n; k += UNROLL) {
      float4 r[UNROLL];
#pragma unroll
      for (int j = 0; j < UNROLL; ++j) {
        const int u = __shfl_sync(mask, mine, base + k + j);
        r[j] = __ldg(x4 + (size_t)u * f4 + q);
      }
#pragma unroll
      for (int j = 0; j < UNROLL; ++j) {
        acc.x += r[j].x;
        acc.y += r[j].y;
        acc.z += r[j].z;
        acc.w += r[j].w;
      }
    }
    for (; k < n; ++k) {
      const int u = __shfl_sync(mask, mine, base + k);
      const float4 r = __ldg(x4 + (size_t)u * f4 + q);
      acc.x += r.x;
      acc.y += r.y;
      acc.z += r.z;
      acc.w += r.w;
    }
  }
  if (live) __stcs(reinterpret_cast<float4*>(out) + t, acc);
}
