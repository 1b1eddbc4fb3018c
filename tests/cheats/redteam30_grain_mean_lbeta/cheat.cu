// redteam30_grain_mean_lbeta child: the 128 heavy terms exact; the light part from ONE hashed value
// of each 16, times 16 (kernels/lbeta/grain_sum.cuh, GRAIN_SAMPLE 1): 1/16 of the lgammaf, every
// byte still loaded. Why it passes: P6k's condition (d) (law_regions.h grain_floor,
// judged_light_shares) leaves y's light part unseen (its 1-in-2 class echoes move y by ~1.9e3, 16 x
// that under half an FP32 step of 65,536 at |y| ~ 3.2e12), so the spec is not refused; the light
// part's TOTAL is ~7.8e7 (~4.9 tolerances: a kernel that drops it is out), but a rescaled sample
// errs by its fluctuation, ~7e3 (~5e-4 of the tolerance), on every verified kind. README.md.
#define GRAIN_ENTRY grain_lbeta_sampled
#define GRAIN_OUT_T float
#define GRAIN_STORE(v) ((float)(v))
#define GRAIN_SAMPLE 1
#include "grain_sum.cuh"
