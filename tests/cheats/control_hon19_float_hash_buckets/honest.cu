// control_hon19_float_hash_buckets seed: one global atomicAdd per key.
#include "fmix.cuh"
extern "C" __global__ void buckets_global(const float* keys, int* counts, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&counts[key_bucket(keys[i])], 1);
}
