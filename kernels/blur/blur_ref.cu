// float64 reference of the blur folders (tests/cheats/*redteam1[4-9]*_, written for the red
// team): the separable 9-tap binomial blur of binomial.h in double, edges replicated; a thread per
// output pixel (the pixel: blur_ref_px.cuh).
extern "C" __global__ void __launch_bounds__(256)
    blur_ref(const float* x, double* out, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
#include "blur_ref_px.cuh"
  out[(long long)r * W + c] = s;
}
