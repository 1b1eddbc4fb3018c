// The seed: f at every input, a warp maximum, one atomicMax per warp. The maximum is positive
// (f(0) = H_32 > 4), and `out` starts at 0.0 (zero_before_run): positive floats order as their
// bit patterns, so an integer atomicMax is a float maximum.
__device__ __forceinline__ float fourier(float x) {
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * x) / (float)k;
  return s;
}

extern "C" __global__ void __launch_bounds__(256) fourier_max(const float* __restrict__ x,
                                                              float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = i < n ? fourier(x[i]) : 0.0f;
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if ((threadIdx.x & 31) == 0 && m > 0.0f) atomicMax(reinterpret_cast<int*>(out), __float_as_int(m));
}
