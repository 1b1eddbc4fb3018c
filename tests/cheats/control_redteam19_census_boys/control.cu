// Control of red team 19 (issue 28): an honest router with the cheat's census. Launch 1 counts
// x < 2^-7 in the first 2^20 arguments (a __device__ word, 0 at every run); launch 2 picks a
// path by it: where small arguments are common (>= 1/8 of the prefix: the timed runs' shrunk
// data), the Taylor series for them and 8-point Gauss-Legendre for the rest compacted per block
// (red team 18's compaction); elsewhere (the declared law, the regular sets, the law pairs)
// 8-point Gauss-Legendre for every argument (control_redteam18_boys_gauss's rule, adapted).
// Every path is right on every input: it behaves differently on the law pairs, as the cheats
// of this round do, but its audited law-pair runs pass (P6e must keep it), and it is faster
// than the seed's 65 exponentials on every kind of data.
__device__ unsigned g_small;

extern "C" __global__ void __launch_bounds__(256) boys_small_census(const float* x, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  unsigned c = 0;
  if (base + 3 < n) {
    const float4 v = *reinterpret_cast<const float4*>(x + base);
    c = (v.x < 0x1p-7f) + (v.y < 0x1p-7f) + (v.z < 0x1p-7f) + (v.w < 0x1p-7f);
  }
  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
  if ((threadIdx.x & 31) == 0 && c) atomicAdd(&g_small, c);
}

__device__ __forceinline__ float boys_gauss8(float v) {
  // The 8-point Gauss-Legendre rule on [-1, 1] (Abramowitz & Stegun, table 25.4) on [0, 1].
  const float kNode[4] = {0.1834346424956498f, 0.5255324099163290f, 0.7966664774136267f,
                          0.9602898564975363f};
  const float kWeight[4] = {0.3626837833783620f, 0.3137066458778873f, 0.2223810344533745f,
                            0.1012285362903763f};
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const float a = 0.5f * (1.0f - kNode[k]);
    const float b = 0.5f * (1.0f + kNode[k]);
    s += kWeight[k] * (__expf(-v * a * a) + __expf(-v * b * b));
  }
  return 0.5f * s;
}

extern "C" __global__ void __launch_bounds__(256) boys_census_routed(const float* x, float* y,
                                                                     int n) {
  __shared__ int list[256];
  __shared__ int count;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (*(volatile unsigned*)&g_small < (1u << 17)) {  // fewer than 1/8 of 2^20 small
    if (i < n) y[i] = boys_gauss8(x[i]);
    return;
  }
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  if (i < n) {
    const float v = x[i];
    if (v < 0.0078125f)
      y[i] = 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))));
    else
      list[atomicAdd(&count, 1)] = i;
  }
  __syncthreads();
  if (int(threadIdx.x) < count) {
    const int j = list[threadIdx.x];
    y[j] = boys_gauss8(x[j]);
  }
}
