// redteam35_diluted_smooth_share's seed: red team 14's tanh blur seed (kernels/blur/
// blur_tanh_seed16.cu: the row pass into an FP32 scratch image, the column pass and tanh) and
// tag = -z, the sign bit of each f16 word flipped, eight halves a thread.
#include <blur_tanh_seed16.cu>
#include "neg_tag.cuh"
