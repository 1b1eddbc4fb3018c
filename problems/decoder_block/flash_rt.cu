// The block with the register-tiled causal flash attention (attn_flash_rt.cuh: both products
// as shared-memory GEMMs, TM rows per thread, optionally a heavy and a light query tile per
// block); the other kernels as block_ops.cuh's macros select.
#define CAUSAL 1
#include <attn_flash_rt.cuh>
#include <block_ops.cuh>
