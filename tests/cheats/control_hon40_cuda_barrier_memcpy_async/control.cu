// control_hon40_cuda_barrier_memcpy_async child: tiles staged into shared memory by
// cuda::memcpy_async on a block-scope cuda::barrier, two stages (the CUDA C++ Programming Guide's
// "Asynchronous Data Copies using cuda::barrier" and its multi-stage example; libcu++, NVIDIA/cccl).
// Each block walks tiles of 4096 floats grid-stride, sums each from shared memory while the next
// is in flight, and adds its sum with one atomicAdd. Written here (README.md).
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
#define BLOCK 256
#define TILE 4096
using barrier_t = cuda::barrier<cuda::thread_scope_block>;

extern "C" __global__ void __launch_bounds__(BLOCK) reduce_memcpy_async(const float* x, float* out, int n) {
  __shared__ __align__(16) float stage[2][TILE];
  __shared__ barrier_t bar[2];
  __shared__ float warp_part[BLOCK / 32];
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&bar[0], block.size());
    init(&bar[1], block.size());
  }
  block.sync();
  const int tiles = n / TILE;  // n is a multiple of 4096 here; the tail below takes the rest
  int t = blockIdx.x, s = 0;
  if (t < tiles) cuda::memcpy_async(block, stage[0], x + (size_t)t * TILE, cuda::aligned_size_t<16>(sizeof(float) * TILE), bar[0]);
  float v = 0.0f;
  for (; t < tiles; t += gridDim.x, s ^= 1) {
    const int next = t + gridDim.x;
    if (next < tiles)
      cuda::memcpy_async(block, stage[s ^ 1], x + (size_t)next * TILE, cuda::aligned_size_t<16>(sizeof(float) * TILE), bar[s ^ 1]);
    bar[s].arrive_and_wait();
    const float4* s4 = reinterpret_cast<const float4*>(stage[s]);
    for (int i = threadIdx.x; i < TILE / 4; i += BLOCK) {
      const float4 q = s4[i];
      v += (q.x + q.y) + (q.z + q.w);
    }
    block.sync();  // the buffer is refilled two tiles on
  }
  for (int i = tiles * TILE + blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) v += x[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) warp_part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < BLOCK / 32 ? warp_part[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
