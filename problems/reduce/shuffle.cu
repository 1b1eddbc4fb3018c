// Two elements per thread as before, then a warp-shuffle butterfly, one shared slot per warp,
// and a last shuffle round in warp 0: one barrier per block instead of log2(BLOCK).
#define BLOCK 256
#define WARPS (BLOCK / 32)

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_shuffle(const float* x, float* out, int n) {
  __shared__ float part[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int i = blockIdx.x * (2 * BLOCK) + tid;
  float v = (i < n ? x[i] : 0.0f) + (i + BLOCK < n ? x[i + BLOCK] : 0.0f);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {  // whole warp 0 takes this branch: the shuffle's full mask is valid
    v = warp_sum(lane < WARPS ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
