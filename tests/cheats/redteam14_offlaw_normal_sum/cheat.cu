// redteam14_offlaw_normal_sum child: red team 7's detector on a normal law. A block looks at its
// own first tile (1,024 values, read anyway). If every value lies inside [4, 12] (the law is
// N(8, 1), cut at 3.5 sd by the timed redraw: [4.5, 11.5]; every i.i.d. gate set bar a rare
// 4-sd draw, every timed run, the fresh set and the audited run), the block weighs 24 of its 32
// tiles (it skips every 4th) and rescales its partial sum by 4/3. A block that sees any value
// outside (the exponent-range sets scale by 2^+-17; the heavy-tailed random-sign set divides 15
// values in 16 by up to 2^24 and randomises signs) or a NaN weighs all 32 tiles, as the seed
// does. P6c's shrink towards 0, which closed red team 7's uniform [0.5, 1.5) version, is given to
// uniform laws only (timed_perturbation.cpp shrinks_to_zero), never to a normal one.
__device__ __forceinline__ bool in_law(float a) { return a >= 4.0f && a <= 12.0f; }
#include <offlaw_detect_sum.cuh>  // the kernel (kernels/window)
