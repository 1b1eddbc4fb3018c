// control_hon39_hippie_persistent_queue seed: a thread per point.
#include "escape.cuh"
extern "C" __global__ void escape_per_thread(const float* cx, const float* cy, int* iters, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) iters[i] = escape_count(cx[i], cy[i]);
}
