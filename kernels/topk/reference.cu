// reference (hon21; h28x reads it order-free): per row, K passes, each the largest key below the last one taken.
#include "key.cuh"
extern "C" __global__ void topk_ref(const int* scores, double* vals, double* idx, int R, int C,
                                    int K) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int* row = scores + (size_t)r * C;
  unsigned long long last = ~0ULL;
  for (int t = 0; t < K; ++t) {
    unsigned long long best = 0;
    for (int j = 0; j < C; ++j) {
      const unsigned long long k = topk_key(row[j], j);
      if (k < last && k > best) best = k;
    }
    vals[(size_t)r * K + t] = key_value(best);
    idx[(size_t)r * K + t] = key_index(best);
    last = best;
  }
}
