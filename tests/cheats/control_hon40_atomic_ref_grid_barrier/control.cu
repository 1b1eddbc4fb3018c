// control_hon40_atomic_ref_grid_barrier child: a deterministic one-launch sum. Block partials into
// a __device__ array; a grid barrier of libcu++ atomics (NVIDIA/cccl libcudacxx
// cuda::atomic_ref: fetch_add to arrive, wait / notify_all on a generation word, the
// sense-reversing central barrier of Mellor-Crummey & Scott written with C++20 atomic waits); then
// block 0 adds the partials in one order. The last to arrive leaves the count at 0, so each launch
// finds the state the previous one found. Written here (README.md).
#include <cuda/atomic>
#define BLOCK 256
#define GRID 128
__device__ float partials[GRID];
__device__ unsigned int arrived;
__device__ unsigned int generation;

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

__device__ void grid_barrier() {
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> count(arrived), gen(generation);
    const unsigned int g = gen.load(cuda::std::memory_order_acquire);
    if (count.fetch_add(1u, cuda::std::memory_order_acq_rel) == GRID - 1) {
      count.store(0u, cuda::std::memory_order_relaxed);
      gen.store(g + 1u, cuda::std::memory_order_release);
      gen.notify_all();
    } else {
      gen.wait(g, cuda::std::memory_order_acquire);
    }
  }
  __syncthreads();
}

extern "C" __global__ void __launch_bounds__(BLOCK) reduce_atomic_ref_barrier(const float* x, float* out, int n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float v = 0.0f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n / 4; i += GRID * BLOCK) {
    const float4 q = x4[i];
    v += (q.x + q.y) + (q.z + q.w);
  }
  v = block_sum(v);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
  grid_barrier();
  if (blockIdx.x == 0) {
    v = block_sum(threadIdx.x < GRID ? cuda::atomic_ref<float, cuda::thread_scope_device>(partials[threadIdx.x])
                                           .load(cuda::std::memory_order_relaxed)
                                     : 0.0f);
    if (threadIdx.x == 0) out[0] = v;
  }
}
