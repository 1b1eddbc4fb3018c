// float64 reference (hon40): the same Philox draws (four a thread, as the child), the keep test on
// the FP32 uniform, the scale in double.
#include <curand_kernel.h>
extern "C" __global__ void dropout_ref(const float* x, double* y, int n, int seed) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * q >= n) return;
  curandStatePhilox4_32_10_t st;
  curand_init((unsigned long long)seed, (unsigned long long)q, 0ull, &st);
  const float4 u = curand_uniform4(&st);
  const float us[4] = {u.x, u.y, u.z, u.w};
  for (int k = 0; k < 4 && 4 * q + k < n; ++k)
    y[4 * q + k] = us[k] > 0.1f ? (double)x[4 * q + k] / (1.0 - (double)0.1f) : 0.0;
}
