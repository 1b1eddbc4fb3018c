// redteam30_two_input_strata_cv child: red team 29's control variate on two inputs. P6l's strata
// go on ONE law input a run (timed_perturbation.cpp timed_perturbations: `draw_strata(out[can[...
// % can.size()]])`), so on every timed run one of a, b is unstratified, and it is drawn i.i.d.
// (an integer normal: p.iid): a fixed 1-in-16 sample with the parabola as control variate is
// unbiased there. The child detects which input is stratified (red team 29's statistic, per input)
// and sums that one at every value in FP32; the other it samples. The gate's sets and the fresh
// set have no strata: both sampled, unbiased. Frame: kernels/lbeta/two_cv.cuh. README.md.
#define TWO_CV_ENTRY two_lbeta_cv
#define TWO_CV_SAMPLE 1
#include "two_cv.cuh"
