// The block's seed: 32x32-tiled projections, block-per-row RMSNorm, and the three naive
// attention kernels through the materialised score matrix (causal).
#define CAUSAL 1
#include <block_ops.cuh>
#include <attn_naive.cuh>
