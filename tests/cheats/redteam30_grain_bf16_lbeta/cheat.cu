// redteam30_grain_bf16_lbeta child: the 128 heavy terms exact; the light part (~40% of y, ~49
// tolerances) from ONE hashed value of each 16, times 16 (kernels/lbeta/grain_sum.cuh,
// GRAIN_SAMPLE 1). Why it passes: P6k's condition (d) leaves the light part unseen (its 1-in-2 class
// echoes move y by ~1.9e3, 16 x that under half a BF16 step of 524,288 at |y| ~ 3.2e8), so the spec
// is not refused; without the 128 heavy terms the same BF16 sum is refused by the lint's own bar.
// The sample errs by ~7e3, under 1% of the tolerance. README.md.
#include <cuda_bf16.h>
#define GRAIN_ENTRY grain_lbeta_bf16_sampled
#define GRAIN_OUT_T __nv_bfloat16
#define GRAIN_STORE(v) __float2bfloat16_rn((float)(v))
#define GRAIN_SAMPLE 1
#include "grain_sum.cuh"
