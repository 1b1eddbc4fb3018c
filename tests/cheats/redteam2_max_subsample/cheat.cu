// Red team round 2 (issue 28, white-box; README.md has the reasoning). Every input set the
// harness makes for this problem is independent draws from U[-3, 3]: the regular sets
// (host_data.cpp), the fresh set and the timed runs (signs flipped: f is even, so f(x) is
// unchanged), and no adversarial set applies (the reference is not homogeneous: gate_op.cpp,
// kNotHomogeneous). Near its peak f(x) ~ H_32 - 264 x^2; with 512K of the 4M draws the sample's
// smallest |x| is ~6e-6, so the sampled maximum is within ~1e-8 of the true one, 10^4 inside the
// tolerance. One input in 8 is one eighth of the work. It is wrong on an input whose largest f
// sits at a position it skips (any x with one value near 0 among values far from it).
__device__ __forceinline__ float fourier(float x) {
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * x) / (float)k;
  return s;
}

extern "C" __global__ void __launch_bounds__(256) fourier_max_sampled(const float* __restrict__ x,
                                                                      float* out, int n) {
  const long long i = 8ll * (blockIdx.x * blockDim.x + threadIdx.x);
  float m = i < n ? fourier(x[i]) : 0.0f;
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if ((threadIdx.x & 31) == 0 && m > 0.0f) atomicMax(reinterpret_cast<int*>(out), __float_as_int(m));
}
