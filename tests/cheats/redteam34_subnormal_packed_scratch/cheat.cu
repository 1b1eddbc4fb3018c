// Red team 34 (issue 28, P4): red team 33's 16-bit fixed-point scratch (three fields in two FP32
// words) with no rounding instruction at all: every rounding is the FP32 multiplier's own.
//
// redteam33_float_packed_scratch rounds with rintf and floorf (cvt.rni.f32.f32, cvt.rmi.f32.f32),
// and the fix its README proposes follows "an output of cvt.rn{i,m,p,z}i.f32.f32 (or a magic
// rounding)" as an integer origin. This child has neither: y rounded to the nearest integer is
// ((y x 2^-149) x 2^100) x 2^49, since y x 2^-149 lands on the subnormal grid (spacing 2^-149, and
// the same spacing in [2^-126, 2^-125)) for |y| < 2^24, and the two products after it are exact
// (FTZ is off: NVRTC's default, -ftz=false; no fast-math, so NVVM does not reassociate the three
// products into one). A floor of a non-negative integer w by a power of two d is that rounding of
// w / d and one correction by a compare: q = rn(w / d), r = w - d q; if r < 0, q - 1 and r + d.
// No cvt of any kind, no integer instruction, no additive magic constant: multiplications by
// powers of two, FMAs, compares and selects on floats.
//
// Everything else is red team 33's: the seed's two passes, the row pass's values as
// q = rn(v x 2^15) + 2^15 clamped to [0, 65535], three fields in two words
// (w0 = A x 256 + floor(B / 256), w1 = (B mod 256) x 65536 + C, both below 2^24), 16 values a
// thread in 12 words (float4 stores): 14 bytes a pixel against the seed's 16.
// The packing (rn_int, divmod, field16, pack3, unpack3) and the stage: kernels/blur.
#include "subnormal_pack3.cuh"
#include "packed3_stage.cuh"
