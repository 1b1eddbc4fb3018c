// control_scr38_bf16_scratch: the tanh blur through a BF16 scratch image (both variants).
#define S16_BF16
#include "blur_tanh_s16.cuh"
