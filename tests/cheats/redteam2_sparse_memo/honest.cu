// The seed: one element per thread, 32 full-precision cosf terms.
__device__ __forceinline__ float fourier(float x) {
  const float u = x + 0.25f;
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * u) / (float)k;
  return s;
}

extern "C" __global__ void __launch_bounds__(256) fourier_honest(const float* __restrict__ x,
                                                                 float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = fourier(x[i]);
}
