// control_hon40_curand_philox_dropout child: PyTorch's fused dropout draw (aten/src/ATen/native/
// cuda/Dropout.cu fused_dropout_kernel_vec: curand_init(seed, idx, offset, &state), then
// curand_uniform4 for four elements, vector loads and stores). Written here.
#include "dropout.cuh"
extern "C" __global__ void dropout_vec4(const float* x, float* y, int n, int seed) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * q >= n) return;
  curandStatePhilox4_32_10_t st;
  curand_init((unsigned long long)seed, (unsigned long long)q, 0ull, &st);
  const float4 u = curand_uniform4(&st);
  const float4 v = reinterpret_cast<const float4*>(x)[q];
  reinterpret_cast<float4*>(y)[q] =
      make_float4(dropped(v.x, u.x), dropped(v.y, u.y), dropped(v.z, u.z), dropped(v.w, u.w));
}
