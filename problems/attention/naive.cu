// Seed of the attention problem: the three naive kernels (kernels/attention/attn_naive.cuh).
#include <attn_naive.cuh>
