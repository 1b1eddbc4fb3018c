// Red team 35 (issue 28, P4m): red team 34's child (tests/cheats/redteam34_subnormal_packed_scratch,
// unchanged below but for the scratch's pointer type) on a problem whose scratch is declared u32.
//
// Main's scratch-resolution step (engine/backend/gpu/scratch_resolution.cpp `resolution_applies`
// and scratch_resolution_op.cpp) measures only scratch buffers whose dtype is f32:
// `scratch |= b.role == BufferRole::Scratch && b.dtype == DType::F32 && b.elements > 0`, and
// the op skips every other (`b.dtype != generators::DType::F32) continue`). Where no f32 scratch
// exists the step returns an empty detail: nothing is measured, and nothing is said (no "not
// judged" line, unlike a discrete problem). The dtype of a scratch is the problem's word, and
// nothing ties it to what the kernels store there: kernel parameters are checked for scalars and
// the reference's outputs only (generators/param_types.cpp), so the seed keeps its FP32 row sums
// in the u32 words bit for bit (kernels:blur/blur_tanh_seed16.cu, `float* mid`), as an honest
// kernel typing a scratch as raw words does.
// The static scans read the same PTX as red team 34's child (the pointer type does not reach the
// PTX: the stores are st.global.v4.f32 either way), which main's scans pass; the 3-in-2 16-bit
// fields are red team 34's, refused on an f32 scratch by the step
// (scripts/host_emu/p4fix_scratch_resolution.cpp: 0.911 of judged words unresolved). x's law is
// uniform [0.25, 1): on [0, 1) the timed runs shrink values towards 0, where the fixed point's
// absolute 2^-16 misses the relative tolerance (red35_sim values: worst 8.93 there, 0.261 here).
//
// The packing is red team 34's (its comment: kernels/blur/subnormal_pack3.cuh and
// tests/cheats/redteam34_subnormal_packed_scratch/cheat.cu); the stage is red team 33's
// (kernels/blur/packed3_stage.cuh).
// The scratch typed as 32-bit words in the two kernels' signatures:
#define PACKED3_WORD unsigned
#include "subnormal_pack3.cuh"
#include "packed3_stage.cuh"
