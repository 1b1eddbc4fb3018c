// redteam16_lop3_narrow_stage child: red team 14's cheat (redteam14_int_narrow_stage) with the
// rounding's low byte cleared by an inline-asm `lop3.b32` (a & 0xFFFFFF00) before the shift. The
// bit-narrowing scan (generators/ptx_bit_narrowing.cpp, Scan::effect) does not model lop3: "an
// instruction the model does not know: mixes everything", so every bit after it carries every bit
// of the float and no mantissa bit is judged dropped. Otherwise red team 14's child, unchanged:
// the seed's two passes, but the scratch image is stored in 3 bytes a value instead of 4. Launch 1
// rounds each row-pass value to its top 24 bits (sign, 8 exponent bits, 15 of the 23 mantissa bits:
// round to nearest even on the low 8 bits, in integer code) and packs a thread's 16 values into 12
// words (three 16-byte stores); launch 2 unpacks them (a shift: exact) and filters the columns in
// FP32. Relative error of a stored value
// <= 2^-16 (half its 16-bit significand's ulp); every output is a positive-weight average of 9
// of them, so |error| <= 2^-16 x the average of |mid|: inside rtol 1e-4 on every input, whatever
// its scale or sign (no range assumption). A lower precision than the declared fp32, made
// without a cvt, an MMA or any half-format instruction: the PTX scan
// (generators/ptx_precision.cpp) reads only typed instructions. Traffic per pixel: 4 + 3 + 3 + 4
// = 14 bytes against the seed's 16.
// The narrowing: kernels/blur/narrow24_lop3.cuh.
#include <narrow24_lop3.cuh>
// The packing and both launches: kernels/blur/narrow24_stage.cuh.
#include <narrow24_stage.cuh>
