// Red team 38 control (issue 28, P4m): honest intermediates in module memory. The tanh blur seed's
// two passes (kernels/blur/blur_tanh_seed16.cu, unchanged) with each FP32 row sum stored in and
// read from a __device__ array of the module (256 MiB, this problem's 8192^2 image) instead of the
// scratch passed, which stays unwritten; the seed keeps the same values in an FP64 scratch. Every
// word holds the FP32 value the class declares, so it resolves the scratch-resolution step's fine
// move wherever it is read. A fix of redteam38_module_stage_packed that refused module memory
// between launches, or a declared scratch left unwritten, would refuse this kernel; the fix must
// measure module memory as it measures a scratch (and keep it: its words resolve).
__device__ float stage_mid[8192LL * 8192];
#define BLUR_MID_AT(p) (stage_mid)
#include "blur_tanh_seed16.cu"
