// control_redteam27_sorted_bucket_search seed: a thread a key, its bucket by the edges, one int
// atomic a run of equal buckets in a warp (the counts are zeroed before the run).
#include "bucket.h"
extern "C" __global__ void __launch_bounds__(256)
    bucket_counts_atomic(const float* keys, int* counts, int n, int nb) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool in = i < n;
  const int b = in ? bucket_of(keys[i], nb) : -1;
  const unsigned same = __match_any_sync(0xffffffffu, b);
  if (in && (threadIdx.x & 31) == __ffs(same) - 1) atomicAdd(&counts[b], __popc(same));
}
