// redteam30_grain_bf16_lbeta seed: every value (kernels/lbeta/grain_sum.cuh), a BF16 output
// rounded once from the double total's float.
#include <cuda_bf16.h>
#define GRAIN_ENTRY grain_lbeta_bf16
#define GRAIN_OUT_T __nv_bfloat16
#define GRAIN_STORE(v) __float2bfloat16_rn((float)(v))
#define GRAIN_SAMPLE 0
#include "grain_sum.cuh"
