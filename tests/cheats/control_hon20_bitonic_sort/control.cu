// control_hon20_bitonic_sort child: the shape of cuda-samples' bitonicSortShared (NVIDIA
// cuda-samples sortingNetworks/bitonicSort.cu, BSD-3-Clause; written here, keys only): 1024 keys
// in shared memory, 512 threads, each stage one compare-exchange a thread at
// pos = 2 t - (t & (stride - 1)); the direction of each bitonic half from (t & size / 2).
__device__ __forceinline__ void comparator(float& a, float& b, unsigned int dir) {
  if ((a > b) == (dir != 0)) {
    const float t = a;
    a = b;
    b = t;
  }
}
extern "C" __global__ void __launch_bounds__(512) bitonic_sort_shared(const float* __restrict__ x,
                                                                     float* __restrict__ y, int S,
                                                                     int L) {
  constexpr unsigned int N = 1024;
  __shared__ float k[N];
  const unsigned int t = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * L;
  k[t] = x[base + t];
  k[t + N / 2] = x[base + t + N / 2];
  for (unsigned int size = 2; size < N; size <<= 1) {
    const unsigned int ddd = 1u ^ ((t & (size / 2)) != 0);
    for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      const unsigned int pos = 2 * t - (t & (stride - 1));
      comparator(k[pos], k[pos + stride], ddd);
    }
  }
  for (unsigned int stride = N / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    const unsigned int pos = 2 * t - (t & (stride - 1));
    comparator(k[pos], k[pos + stride], 1u);
  }
  __syncthreads();
  y[base + t] = k[t];
  y[base + t + N / 2] = k[t + N / 2];
}
