// Seed of the attention problem: the three naive kernels (include/attn_naive.cuh).
#include <attn_naive.cuh>
