// redteam30_grain_mean_lbeta seed: every value (kernels/lbeta/grain_sum.cuh), an FP32 output.
#define GRAIN_ENTRY grain_lbeta
#define GRAIN_OUT_T float
#define GRAIN_STORE(v) ((float)(v))
#define GRAIN_SAMPLE 0
#include "grain_sum.cuh"
