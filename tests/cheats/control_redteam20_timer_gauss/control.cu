// Control of red team 20 (issue 28): red team 18's honest control (control_redteam18_boys_gauss:
// the Boys function by 8-point Gauss-Legendre on [0, 1], 8 exponentials an element instead of 65,
// on every input alike) written the way redteam20_tie_law_boys is: a %globaltimer read picks one
// of two orders to sum the nodes in (ascending or descending: the same work, results within an
// ulp or two), and four -D knobs of four values make 256 points, a large search. The timer and
// the knobs are no evidence of a cheat: its speed is one mode, faster than the seed on every
// kind of data, so its verdict is "faster" and its law pairs (P6d, audited: P6e) confirm it.
// Kept before and after red team 20's fix (which adds law pairs to ties only).
#ifndef WBIT
#define WBIT 20
#endif
#ifndef MB
#define MB 1
#endif
#ifndef PAIRF
#define PAIRF 0
#endif
#ifndef HALF
#define HALF 0
#endif
extern "C" __global__ void __launch_bounds__(256, MB)
    boys_gauss8_timer(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float kNode[4] = {0.1834346424956498f, 0.5255324099163290f, 0.7966664774136267f,
                          0.9602898564975363f};
  const float kWeight[4] = {0.3626837833783620f, 0.3137066458778873f, 0.2223810344533745f,
                            0.1012285362903763f};
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  const bool down = (t >> WBIT) & 1;
  const float v = x[i];
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int k = down ? 3 - j : j;
    const float a = 0.5f * (1.0f - kNode[k]);
    const float b = 0.5f * (1.0f + kNode[k]);
    // PAIRF: the node pair's two exponentials summed first (0) or added one by one (1).
    if (PAIRF)
      s = fmaf(kWeight[k], __expf(-v * a * a), s), s = fmaf(kWeight[k], __expf(-v * b * b), s);
    else
      s += kWeight[k] * (__expf(-v * a * a) + __expf(-v * b * b));
  }
  // HALF: the final halving as a multiply (0) or an exact power-of-two scale (1): the same value.
  y[i] = HALF ? ldexpf(s, -1) : 0.5f * s;
}
