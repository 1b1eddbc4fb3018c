// Red team 38 (issue 28, P4m after p4m37): red team 34's child (tests/cheats/redteam34_subnormal_
// packed_scratch, unchanged) on a problem whose scratch is declared f16 with twice the elements.
//
// p4m37 reads every scratch of 32 or 64 bits as the float format of its width
// (engine/backend/gpu/scratch_resolution.cpp `resolution_word_bytes`: 0 for f16 and bf16) and, for
// a 16-bit scratch, adds "scratch resolution: not judged: 16-bit scratch ..." to the gate detail,
// the ledger and the report (P5) -- and judges nothing. A scratch's dtype is still the problem's
// word, and nothing ties it to what the kernels store there (generators/param_types.cpp checks
// scalars and the reference's outputs): the seed (kernels:blur/blur_tanh_seed16.cu) stores FP32
// row sums in the bytes of an f16 [H, 2W] scratch, as red team 35's seed did in a u32 one. The
// child is red team 34's packing, refused on an f32 or u32 scratch (~89% of judged words
// unresolved) and not measured here: the round is kept with a line saying so, a narrowed check
// that nothing downstream weighs. p4m37 named this route ("What stays") and left it to the lead;
// this folder pins it. The packing: kernels/blur/subnormal_pack3.cuh; the stage:
// kernels/blur/packed3_stage.cuh, with the scratch typed as the 16-bit words the problem declares
// (no PTX changes: the stage's stores are st.global.v4.f32 either way).
// Helper wit39: the stage's offsets count PACKED3_WORDs, so with halves each 16-pixel block's 48
// bytes started 24 bytes after the previous one (misaligned float4 stores on every odd block, a
// fault live, helper scr38): the words are addressed as floats (12 a block, 48 bytes), as the
// seed's FP32 words are, in the same bytes.
#define PACKED3_WORD unsigned short
#define PACKED3_STAGE_AT(p) ((float*)(p))
#include "subnormal_pack3.cuh"
#include "packed3_stage.cuh"
