// More bytes in flight per thread: UNROLL independent float4 loads (a block apart, so each load
// instruction stays coalesced) are issued before any result is computed, over a grid-stride loop.
// BLOCK is the block-size knob. Requires n % 4 == 0.
#ifndef BLOCK
#define BLOCK 256
#endif
#define UNROLL 4

__device__ __forceinline__ float sig(float v) { return 1.0f / (1.0f + expf(-v)); }

extern "C" __global__ void __launch_bounds__(BLOCK)
    sigmoid_ilp(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int n4 = n / 4;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4* y4 = reinterpret_cast<float4*>(y);
  const int stride = gridDim.x * BLOCK * UNROLL;
  for (int base = blockIdx.x * BLOCK * UNROLL + threadIdx.x; base < n4; base += stride) {
    float4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) v[u] = __ldg(x4 + i);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) y4[i] = make_float4(sig(v[u].x), sig(v[u].y), sig(v[u].z), sig(v[u].w));
    }
  }
}
