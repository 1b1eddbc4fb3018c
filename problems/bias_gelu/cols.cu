// Column-owning threads: each thread keeps one float4 of bias in registers and walks ROWS rows
// of its float4 column, four independent 16-byte loads in flight at a time, so the inner loop is
// loads, GELU and streaming stores only (no per-element bias index or modulo, no bias reload).
// A warp's float4s of one row are 512 contiguous bytes; x and y stream (__ldcs / __stcs).
// Requires N % 4 == 0, (N / 4) % 128 == 0, M % ROWS == 0 (constraints in problem.yaml).
__device__ __forceinline__ float gelu(float v) {
  return 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}

extern "C" __global__ void __launch_bounds__(128)
    bias_gelu_cols(const float* __restrict__ x, const float* __restrict__ bias,
                   float* __restrict__ y, int M, int N) {
  const int n4 = N / 4;
  const int c = blockIdx.x * 128 + threadIdx.x;
  const size_t r0 = (size_t)blockIdx.y * ROWS;
  const float4 b = __ldg(reinterpret_cast<const float4*>(bias) + c);
  const float4* xp = reinterpret_cast<const float4*>(x) + r0 * n4 + c;
  float4* yp = reinterpret_cast<float4*>(y) + r0 * n4 + c;
#pragma unroll
  for (int r = 0; r < ROWS; r += 4) {
    float4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = __ldcs(xp + (size_t)(r + u) * n4);
#pragma unroll
    for (int u = 0; u < 4; ++u)
      __stcs(yp + (size_t)(r + u) * n4, make_float4(gelu(v[u].x + b.x), gelu(v[u].y + b.y),
                                                    gelu(v[u].z + b.z), gelu(v[u].w + b.w)));
  }
}
