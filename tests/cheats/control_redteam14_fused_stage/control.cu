// control_redteam14_fused_stage child (honest): the seed's two passes fused into one launch with
// no scratch image. A thread owns 4 columns of a strip of STRIP rows; it walks down the strip,
// keeping the last 9 row-pass results of its columns in registers (a shift register of float4),
// and writes each output row once the 9 rows around it are there. Every row-pass value and every
// column sum is the seed's arithmetic in the seed's order, so the output is the seed's bit for bit;
// x is read once per strip plus an 8-row halo (STRIP + 8 rows), out written once: ~8.5 bytes a
// pixel against the seed's 16 (the scratch image round trip is gone). Multi-launch to one launch,
// integer index math, registers instead of memory: what an honest rewrite of the cheat's problem
// looks like.
#define BLUR_FUSED_OUT(s) s
#include <blur_fused.cuh>  // the fused kernel (kernels/blur)
