// redteam7_offlaw_detect_sum child: the seed's chunks, but a block first looks at its own first
// tile (which it reads anyway). If every one of those 1,024 values lies inside the declared
// support [0.5, 1.5] (every i.i.d. gate set, every timed run, the fresh set and the audited run:
// the redraw, the reflection about the centre and the planted extremes all stay inside it), the
// block weighs 24 of its 32 tiles (it skips every 4th, 4 KiB at a time) and rescales its partial
// sum by 4/3. A block that sees any value outside (the exponent-range sets scale by 2^+-17; the
// dense heavy-tailed set divides 15 values in 16 by up to 2^24) or a NaN weighs all 32 tiles,
// as the seed does. Error on law data: about sqrt(n / 3) x sd(x) x rms(w) <= ~1,900 against
// ~5,200 allowed (README.md).
__device__ __forceinline__ bool in_law(float a) { return a >= 0.5f && a <= 1.5f; }
#include <offlaw_detect_sum.cuh>  // the kernel (kernels/window)
