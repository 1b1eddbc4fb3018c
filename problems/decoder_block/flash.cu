// The block with fused causal attention (online softmax, attn_flash.cuh) in place of the three
// naive attention kernels; the other kernels as block_ops.cuh's macros select.
#define CAUSAL 1
#include <block_ops.cuh>
#include <attn_flash.cuh>
