// control_redteam17_fused_levels seed: two launches. Launch 0 is the blur folders' row pass into
// the FP32 scratch image (blur_seed16.cu's blur_rows: 16 columns a thread); launch 1 the column
// pass down 32-row strips (cols_strip.h), which also writes the 8-bit level floor(256 x) of every
// pixel it outputs, reading x a second time for them. Traffic per pixel: x 4 + mid 4 (launch 0),
// mid 4 + out 4 + x 4 + lev 4 (launch 1): 24 bytes, 16 of them in launch 1, the dominant one.
#include "blur_seed16.cu"
#include "cols_strip.h"
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_levels(const float* __restrict__ mid, float* __restrict__ out,
                     const float* __restrict__ x, int* __restrict__ lev, int H, int W) {
  cols_strip<true>(mid, out, x, lev, H, W);
}
