// The gain seed (honest; red team 10, tests/cheats/redteam10_*): launch 1 computes the C
// gains into scratch, one block a channel (M FP64 terms each); launch 2 streams y = x * g.
#include <gain.cuh>

extern "C" __global__ void __launch_bounds__(256) gain_table(float* g, int C, int M) {
  const double m = gain_mean_block(blockIdx.x, C, M);
  if (threadIdx.x == 0) g[blockIdx.x] = (float)m;
}

extern "C" __global__ void __launch_bounds__(256)
    apply_gain(const float* g, const float* x, float* y, int R, int C) {
  apply_gain_body(g, x, y, R, C);
}
