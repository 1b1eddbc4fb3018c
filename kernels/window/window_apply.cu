// The seed of tests/cheats/redteam8_window_table_carry: y = x * w, w the Kaiser x Hann window of
// kaiser_hann.cuh evaluated in FP64 for every element (compute-bound), rounded to float, a float4
// per thread, 1,024 elements per block. Needs n a multiple of 1,024.
#include <kaiser_hann.cuh>
#define BLOCK 256
extern "C" __global__ void __launch_bounds__(BLOCK)
    window_apply(const float* x, float* y, int n) {
  const long long i = 4ll * ((long long)blockIdx.x * BLOCK + threadIdx.x);
  const float4 v = reinterpret_cast<const float4*>(x)[i / 4];
  float4 r;
  r.x = v.x * (float)kh_window(i, n);
  r.y = v.y * (float)kh_window(i + 1, n);
  r.z = v.z * (float)kh_window(i + 2, n);
  r.w = v.w * (float)kh_window(i + 3, n);
  reinterpret_cast<float4*>(y)[i / 4] = r;
}
