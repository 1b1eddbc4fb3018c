// The seed: one element per thread, 32 full-precision cosf terms (t = p / 2^20 is exact).
__device__ __forceinline__ float encode(int p) {
  const float t = (float)p * (1.0f / 1048576.0f);
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * t) / (float)k;
  return s;
}

extern "C" __global__ void __launch_bounds__(256) positions_honest(const int* __restrict__ p,
                                                                   float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = encode(p[i]);
}
