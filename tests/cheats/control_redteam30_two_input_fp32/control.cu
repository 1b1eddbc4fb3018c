// control_redteam30_two_input_fp32 child (honest): redteam30_two_input_strata_cv's frame with no
// sample: log B of every value of both inputs in FP32 (three lgammaf), as the sum of the parabola
// (two exact integer moments) and every residual f - g in double. What the cheat's honest path
// computes on the stratified input, on both: its speed-up over the FP64 seed is the part of the
// cheat's that is honest. Frame: kernels/lbeta/two_cv.cuh. README.md.
#define TWO_CV_ENTRY two_lbeta_fp32
#define TWO_CV_SAMPLE 0
#include "two_cv.cuh"
