// One thread per (node, 4 features): float4 row loads and stores, F/4 threads per node, so a
// quarter of the threads re-read the indices and each load moves 16 bytes.
extern "C" __global__ void aggregate_vec4(const int* __restrict__ rowptr,
                                          const int* __restrict__ col,
                                          const float* __restrict__ x, float* __restrict__ out,
                                          int V, int F) {
  const int f4 = F / 4;
  const size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (size_t)V * f4) return;
  const int v = (int)(t / f4), q = (int)(t % f4);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
    const float4 r = __ldg(x4 + (size_t)col[e] * f4 + q);
    acc.x += r.x;
    acc.y += r.y;
    acc.z += r.z;
    acc.w += r.w;
  }
  reinterpret_cast<float4*>(out)[t] = acc;
}
