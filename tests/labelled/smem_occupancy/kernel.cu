// A chunk reversal staged whole in shared memory: 27648 floats = 108 KiB of dynamic shared
// memory per block, so only 2 blocks fit in an SM's 228 KiB, i.e. 8 warps of 64. Loads and
// stores are coalesced, but one load per thread is in flight per iteration (the loop is kept
// rolled), and 8 warps per SM cannot cover DRAM latency: bandwidth stays low. Staging smaller
// pieces (or reversing in registers across a warp) frees the shared memory and the warps.
extern "C" __global__ void __launch_bounds__(128)
    reverse_chunk(const float* __restrict__ x, float* __restrict__ y, int C, int NB) {
  extern __shared__ float chunk[];
  const size_t base = (size_t)blockIdx.x * C;
#pragma unroll 1
  for (int k = threadIdx.x; k < C; k += 128) chunk[k] = x[base + k];
  __syncthreads();
#pragma unroll 1
  for (int k = threadIdx.x; k < C; k += 128) y[base + k] = chunk[C - 1 - k];
}
