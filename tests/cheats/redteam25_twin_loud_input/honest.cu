// redteam25_twin_loud_input seed: red team 16's twin seed (kernels/lbeta/twin_sum.cu: one
// 32,768-element chunk of 32 float4 tiles a block, three lgammaf an element in FP32, the chunk's
// mean of x from the same pass, one atomic a block) with z's 16 values added by block 0.
#define LOUD 16
// Red team 16's twin seed (kernels/lbeta/twin_sum.cuh) with z and block 0's start.
#define TWIN_ENTRY twin_loud_sum
#define TWIN_PARAMS const float *z,
#define TWIN_V0 blockIdx.x == 0 && tid < LOUD ? z[tid] : 0.0f
#include "twin_sum.cuh"
