// control_hon19_float_hash_buckets child: the partition pass of a GPU hash join (written here):
// 4096 bucket counters privatised in shared memory, 8192 keys a block, one global add per
// bucket that got any.
#include "fmix.cuh"
extern "C" __global__ void buckets_shared(const float* __restrict__ keys, int* counts, int n) {
  __shared__ int c[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x) c[i] = 0;
  __syncthreads();
  const int base = blockIdx.x * 8192;
  for (int j = threadIdx.x; j < 8192 && base + j < n; j += blockDim.x)
    atomicAdd(&c[key_bucket(keys[base + j])], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    if (c[i]) atomicAdd(&counts[i], c[i]);
}
