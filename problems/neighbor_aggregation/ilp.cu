// float4 per thread, and UNROLL edges at a time: the UNROLL indices are loaded first, then all
// UNROLL row loads are issued before any add, so a thread has UNROLL x 16 bytes in flight
// instead of one dependent index-then-row chain per edge. The tail (degree % UNROLL) is
// handled one edge at a time. Accumulation order is per UNROLL group, then across groups.

extern "C" __global__ void __launch_bounds__(BLOCK)
    aggregate_ilp(const int* __restrict__ rowptr, const int* __restrict__ col,
                  const float* __restrict__ x, float* __restrict__ out, int V, int F) {
  const int f4 = F / 4;
  const size_t t = (size_t)blockIdx.x * BLOCK + threadIdx.x;
  if (t >= (size_t)V * f4) return;
  const int v = (int)(t / f4), q = (int)(t % f4);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  const int e1 = __ldg(rowptr + v + 1);
  int e = __ldg(rowptr + v);
  for (; e + UNROLL <= e1; e += UNROLL) {
    int u[UNROLL];
    float4 r[UNROLL];
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) u[k] = __ldg(col + e + k);
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) r[k] = __ldg(x4 + (size_t)u[k] * f4 + q);
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      acc.x += r[k].x;
      acc.y += r[k].y;
      acc.z += r[k].z;
      acc.w += r[k].w;
    }
  }
  for (; e < e1; ++e) {
    const float4 r = __ldg(x4 + (size_t)__ldg(col + e) * f4 + q);
    acc.x += r.x;
    acc.y += r.y;
    acc.z += r.z;
    acc.w += r.w;
  }
  reinterpret_cast<float4*>(out)[t] = acc;
}
