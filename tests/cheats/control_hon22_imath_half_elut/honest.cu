// control_hon22_imath_half_elut seed: x.half() as a naive port would write it, the toolkit's
// __float2half_rn (round to nearest even), a thread per run of 64 consecutive values.
#include <cuda_fp16.h>
extern "C" __global__ void float_to_half_chunks(const float* x, __half* y, int n) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 64; i < n && i < (c + 1) * 64; ++i) y[i] = __float2half_rn(x[i]);
}
