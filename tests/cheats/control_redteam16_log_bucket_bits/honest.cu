// control_redteam16_log_bucket_bits seed: the bucket of |x| by a binary search over the buckets'
// 384 lower edges (padded to 512 with +inf), built per block in shared memory: the generic way to
// bucket values by any sorted edges. Nine dependent shared-memory loads an element.
#include "log_bucket.h"
extern "C" __global__ void __launch_bounds__(256)
    log_bucket_search(const float* __restrict__ x, int* __restrict__ id, int n) {
  __shared__ float edge[512];
  for (int j = threadIdx.x; j < 512; j += blockDim.x)
    edge[j] = j < LB_BUCKETS ? ldexpf(1.0f + float(j % LB_PER_OCTAVE) / LB_PER_OCTAVE,
                                      j / LB_PER_OCTAVE + LB_LOW_EXP)
                             : __int_as_float(0x7f800000);
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float a = fabsf(x[i]);
    int lo = 0;  // the number of edges <= a, found in 9 halvings of [0, 512)
#pragma unroll
    for (int step = 256; step > 0; step >>= 1)
      if (edge[lo + step - 1] <= a) lo += step;
    id[i] = lo == 0 ? 0 : lo - 1;
  }
}
