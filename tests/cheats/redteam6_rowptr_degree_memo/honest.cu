// redteam6_rowptr_degree_memo seed (written for the red team): every row's degree counted.
extern "C" __global__ void zero_counts(unsigned* counts) { counts[threadIdx.x] = 0; }

__device__ __forceinline__ int degree_bin(int d) { return d < 63 ? (d < 0 ? 0 : d) : 63; }

extern "C" __global__ void __launch_bounds__(256)
    degree_hist(const int* __restrict__ ptr, unsigned* __restrict__ counts, int rows) {
  __shared__ unsigned h[64];
  if (threadIdx.x < 64) h[threadIdx.x] = 0;
  __syncthreads();
  const int base = blockIdx.x * 1024 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int r = base + 256 * j;
    if (r < rows) atomicAdd(&h[degree_bin(ptr[r + 1] - ptr[r])], 1u);
  }
  __syncthreads();
  if (threadIdx.x < 64 && h[threadIdx.x]) atomicAdd(&counts[threadIdx.x], h[threadIdx.x]);
}
