// control_redteam27_sorted_bucket_search child: a thread a bucket edge, the first key at or past
// the edge by binary search over the sorted keys (~25 probes), then each bucket's count as the
// difference of its two edges' positions (the last bucket to n). Reads ~25 x 1,025 keys, not n:
// honest because the keys are sorted, which the problem declares.
#include "bucket.h"
extern "C" __global__ void __launch_bounds__(1024)
    bucket_counts_search(const float* keys, int* counts, int n, int nb) {
  __shared__ int first[1025];
  for (int b = threadIdx.x; b < nb; b += blockDim.x) {
    const float e = bucket_edge(b);
    int lo = 0, hi = n;  // the first index whose key is >= e
    while (lo < hi) {
      const int mid = lo + ((hi - lo) >> 1);
      if (keys[mid] < e) lo = mid + 1;
      else hi = mid;
    }
    first[b] = b == 0 ? 0 : lo;  // bucket 0 takes every key below edge 1
  }
  if (threadIdx.x == 0) first[nb] = n;
  __syncthreads();
  for (int b = threadIdx.x; b < nb; b += blockDim.x) counts[b] = first[b + 1] - first[b];
}
