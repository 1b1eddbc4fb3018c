// float64 reference of red team 11's FP16 scatter-add (tests/cheats/redteam11_f16x2_red_scatter,
// control_redteam11_f16x2_red_declared): out[r][d] = sum over i with idx[i] == r of
// src[i][d] (FP16 values, summed in double). A thread per (r, d) column would read all E rows;
// instead a thread per (i, d) adds into the float64 output with atomics (exact enough: the
// sums of <= a few hundred FP16 values in double round at ~1e-16).
#include <cuda_fp16.h>
extern "C" __global__ void scatter_ref(const __half* src, const int* idx, double* out, int E,
                                       int D, int R) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)E * D) return;
  const int i = (int)(t / D), d = (int)(t % D);
  const int r = idx[i];
  if (r < 0 || r >= R) return;
  atomicAdd(out + (size_t)r * D + d, (double)__half2float(src[t]));
}
