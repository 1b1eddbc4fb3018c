// A float4 map with more bytes in flight per thread: each thread issues UNROLL independent float4
// loads (spaced a block apart, so every load instruction stays coalesced) before its first
// result, over a grid-stride loop that covers any size. A whole kernel: the including file names
//   ILP_ENTRY          the entry (extern "C")
//   ILP_PARAMS         its parameter list
//   ILP_COUNT          the number of floats (a multiple of 4)
//   ILP_IN, ILP_OUT    the input and output float pointers among the parameters
//   ILP_STORE(dst, val) the statement that writes the result of float4 val to float4 dst
// BLOCK is the block size knob (default 256), UNROLL the loads in flight (4).
#ifndef BLOCK
#define BLOCK 256
#endif
#ifndef UNROLL
#define UNROLL 4
#endif

extern "C" __global__ void __launch_bounds__(BLOCK) ILP_ENTRY(ILP_PARAMS) {
  const int n4 = (ILP_COUNT) / 4;
  const float4* in4 = reinterpret_cast<const float4*>(ILP_IN);
  float4* out4 = reinterpret_cast<float4*>(ILP_OUT);
  const int stride = gridDim.x * BLOCK * UNROLL;
  for (int base = blockIdx.x * BLOCK * UNROLL + threadIdx.x; base < n4; base += stride) {
    float4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) v[u] = __ldg(in4 + i);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int i = base + u * BLOCK;
      if (i < n4) ILP_STORE(out4[i], v[u]);
    }
  }
}
