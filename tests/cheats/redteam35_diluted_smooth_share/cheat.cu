// Red team 35 (issue 28, P4m): red team 34's child (tests/cheats/redteam34_subnormal_packed_scratch,
// unchanged below but for the tag kernel at the end) on a problem with a second float output
// larger than the first that no movable input reaches.
//
// Main's scratch-resolution step first asks whether the problem's reference responds to the
// fine move (engine/backend/gpu/scratch_resolution_op.cpp): `changed_share` of each float output,
// pooled over all of them by element count, must reach kSmoothShare = 0.5, else "scratch
// resolution: not judged (... a discrete problem, whose scratch may hold counts)" and no
// candidate run is made. Here tag = -z, an f16 output of (H + 64) x W elements from an f16 input
// (movable_input moves f32 and f64 law inputs only), never moves: the pooled share is
// H / (2H + 64) = 0.498 while every element of out (H x W) moves. So the step never measures the
// scratch that red team 34's child narrows to 16 bits (refused on red team 34's folder: 0.911 of
// judged words unresolved, scripts/host_emu/p4fix_scratch_resolution.cpp).
//
// The packing is red team 34's (its comment: kernels/blur/subnormal_pack3.cuh and
// tests/cheats/redteam34_subnormal_packed_scratch/cheat.cu); the stage is red team 33's
// (kernels/blur/packed3_stage.cuh).
#include "subnormal_pack3.cuh"
#include "packed3_stage.cuh"

// tag = -z for f16 words: the sign bit flipped (exact), 16-byte loads and stores, a grid-stride
// loop (the same kernel in the seed and the child).
extern "C" __global__ void __launch_bounds__(256)
    neg_tag(const uint4* __restrict__ z, uint4* __restrict__ tag, int n8) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n8; i += gridDim.x * blockDim.x) {
    uint4 v = z[i];
    v.x ^= 0x80008000u, v.y ^= 0x80008000u, v.z ^= 0x80008000u, v.w ^= 0x80008000u;
    tag[i] = v;
  }
}
