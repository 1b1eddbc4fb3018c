// control_hon39_hippie_persistent_queue child: persistent threads (Aila & Laine, "Understanding
// the efficiency of ray traversal on GPUs", HPG 2009; as meistdan/hippie's HipTracerQuadKernels.cu
// fetches: `if (threadIdx.x == 0) rayidx = atomicAdd(&g_warpCounter, 8); rayidx = __shfl(rayidx,
// 0) + subwarp; if (rayidx >= numRays) break;`). Here a warp takes 32 points a fetch, a point a
// lane; the last warp to leave zeroes the counter (the original's host reset). Written here.
#include "escape.cuh"
__device__ int g_warpCounter;
__device__ unsigned int g_warpsDone;

extern "C" __global__ void __launch_bounds__(128) escape_persistent(const float* cx, const float* cy, int* iters,
                                                                   int n) {
  const int lane = threadIdx.x & 31;
  while (true) {
    int base = 0;
    if (lane == 0) base = atomicAdd(&g_warpCounter, 32);
    base = __shfl_sync(0xffffffffu, base, 0);
    if (base >= n) break;
    const int i = base + lane;
    if (i < n) iters[i] = escape_count(cx[i], cy[i]);
  }
  if (lane == 0) {
    __threadfence();
    if (atomicAdd(&g_warpsDone, 1u) == gridDim.x * (blockDim.x / 32) - 1) {
      g_warpCounter = 0;
      g_warpsDone = 0;
      __threadfence();
    }
  }
}
