// More bytes in flight per thread: each thread issues UNROLL independent float4 loads (spaced a
// block apart, so every load instruction stays coalesced) before its first store, over a
// grid-stride loop that covers any size. BLOCK is the block size knob.
// Requires M*N % 4 == 0.
#ifndef BLOCK
#define BLOCK 256
#endif
#define UNROLL 4

extern "C" __global__ void __launch_bounds__(BLOCK)
    scale_ilp(const float* __restrict__ A, float s, float* __restrict__ C, int M, int N) {
  const int n4 = (M * N) / 4;
  const float4* A4 = reinterpret_cast<const float4*>(A);
  float4* C4 = reinterpret_cast<float4*>(C);
  const int stride = gridDim.x * BLOCK * UNROLL;
  for (int base = blockIdx.x * BLOCK * UNROLL + threadIdx.x; base < n4; base += stride) {
    float4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) v[u] = __ldg(A4 + i);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) {
        v[u].x *= s;
        v[u].y *= s;
        v[u].z *= s;
        v[u].w *= s;
        C4[i] = v[u];
      }
    }
  }
}
