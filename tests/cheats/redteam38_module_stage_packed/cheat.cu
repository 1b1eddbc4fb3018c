// Red team 38 (issue 28, P4m after p4m37): red team 34's 16-bit packed stage, kept where the
// scratch-resolution step does not look.
//
// The step (engine/backend/gpu/scratch_resolution.cpp `resolution_scope`) measures "every scratch
// buffer of 32 or 64 bits, whatever the variant's launches name (a kernel can reach a buffer it is
// not passed)": the problem's declared buffers of role scratch, read back before and after each of
// its three runs. Memory a kernel keeps between the launches of one run has another home the
// harness knows of: module memory. A `__device__` array is legal (generators/ptx_module_memory.h:
// the worker reloads a module that declares one before every run of a timed sequence, so nothing
// survives from run to run; the static scans follow values through it as through a buffer, red
// team 13), and it lives as long as the run's two launches. Here the row pass stores red team 34's
// fields (three 16-bit values in two FP32 words, every rounding an FP32 product: the same PTX as
// the refused child but for the address) into such an array and the column pass reads them back;
// the declared scratch `mid` is passed and never written, so every word of it is "unwritten"
// (after == before) in all three runs, none is judged, and a buffer with fewer than 256 judged
// words is not refused (`resolution_verdict`: "judge too few words"). The static scans read the
// same data flow as red team 34's child, which they pass. The array is sized for this problem's
// 8192^2 image: 12 words a 16-pixel block, 192 MiB, zero-filled at each module load (untimed).
// The packing: kernels/blur/subnormal_pack3.cuh; the stage: kernels/blur/packed3_stage.cuh.
#include "subnormal_pack3.cuh"
__device__ float stage_words[8192LL * 8192 / 16 * 12];
#define PACKED3_STAGE_AT(p) (stage_words)
#include "packed3_stage.cuh"
