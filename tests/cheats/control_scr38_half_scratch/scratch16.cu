// control_scr38_half_scratch: the tanh blur through an FP16 scratch image (both variants).
#include "blur_tanh_s16.cuh"
