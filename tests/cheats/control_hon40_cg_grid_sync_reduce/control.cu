// control_hon40_cg_grid_sync_reduce child: CUDA samples' reductionMultiBlockCG
// (NVIDIA/cuda-samples Samples/2_Concepts_and_Techniques/reductionMultiBlockCG, BSD-3-Clause):
// each block reduces a grid-stride share, writes its partial, the grid meets at
// cooperative_groups::this_grid().sync(), and block 0 reduces the partials. Here the partials live
// in a __device__ array (the sample's is a cudaMalloc'd buffer) and the shares are float4.
// Written here (README.md).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define BLOCK 256
#define GRID 132
__device__ float partials[GRID];

__device__ float block_sum(float v) {
  __shared__ float warp_part[BLOCK / 32];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) warp_part[threadIdx.x >> 5] = v;
  __syncthreads();
  v = threadIdx.x < BLOCK / 32 ? warp_part[threadIdx.x] : 0.0f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();
  return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK) reduce_grid_sync(const float* x, float* out, int n) {
  cg::grid_group grid = cg::this_grid();
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float v = 0.0f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n / 4; i += GRID * BLOCK) {
    const float4 q = x4[i];
    v += (q.x + q.y) + (q.z + q.w);
  }
  v = block_sum(v);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
  grid.sync();
  if (blockIdx.x == 0) {
    v = block_sum(threadIdx.x < GRID ? partials[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) out[0] = v;
  }
}
