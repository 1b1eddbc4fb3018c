// control_hon19_philox_dropout child: PyTorch's fused-dropout pattern (aten/src/ATen/native/
// cuda/Dropout.cu, BSD-3-Clause; written here): one Philox state per four elements,
// curand_init(seed, group, 0) and curand_uniform4 from cuRAND's device API, float4 I/O.
#include <curand_kernel.h>
extern "C" __global__ void dropout_curand(const float* __restrict__ x, float* __restrict__ y, int n,
                                          int seed_lo, int seed_hi) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n / 4) return;
  const unsigned long long seed =
      ((unsigned long long)(unsigned int)seed_hi << 32) | (unsigned int)seed_lo;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, (unsigned long long)g, 0ull, &st);
  const float4 u = curand_uniform4(&st);
  const float4 v = reinterpret_cast<const float4*>(x)[g];
  const float s = 1.0f / 0.9f;
  reinterpret_cast<float4*>(y)[g] =
      make_float4(u.x <= 0.9f ? v.x * s : 0.f, u.y <= 0.9f ? v.y * s : 0.f,
                  u.z <= 0.9f ? v.z * s : 0.f, u.w <= 0.9f ? v.w * s : 0.f);
}
