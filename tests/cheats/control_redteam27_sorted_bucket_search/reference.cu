// Reference (written for red team 27): a thread a key, its bucket by bucket_of, the counts as
// doubles (exact below 2^53) by warp-aggregated double atomics into the zeroed output.
#include "bucket.h"
extern "C" __global__ void bucket_counts_ref(const float* keys, double* counts, int n, int nb) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool in = i < n;
  const int b = in ? bucket_of(keys[i], nb) : -1;
  const unsigned same = __match_any_sync(0xffffffffu, b);
  if (in && (threadIdx.x & 31) == __ffs(same) - 1) atomicAdd(&counts[b], (double)__popc(same));
}
