// float64 reference of the tanh blur folders (redteam33_float_packed_scratch,
// redteam34_subnormal_packed_scratch): tanh of the separable 9-tap binomial blur of binomial.h,
// edges replicated, a thread per output pixel (the blurred pixel: kernels/blur/blur_ref_px.cuh).
// tanh makes the problem not homogeneous in x.
extern "C" __global__ void __launch_bounds__(256)
    blur_tanh_ref(const float* x, double* out, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
#include "blur_ref_px.cuh"
  out[(long long)r * W + c] = tanh(s);
}
