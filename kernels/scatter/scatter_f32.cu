// The seed of red team 11's FP16 scatter-add (tests/cheats/redteam11_f16x2_red_scatter,
// control_redteam11_f16x2_red_declared): each FP16 value widened to FP32 and added into the
// FP32 output with a float atomic (red.global.add.f32), a thread a value; the output starts at
// zero (zero_before_run).
#include <cuda_fp16.h>
extern "C" __global__ void scatter_f32(const __half* src, const int* idx, float* out, int E, int D,
                                      int R) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)E * D) return;
  const int i = (int)(t / D), d = (int)(t % D);
  atomicAdd(out + (size_t)idx[i] * D + d, __half2float(src[t]));
}
