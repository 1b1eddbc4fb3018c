// Control of red team 18 (issue 28): the Boys function F0(x) = int_0^1 exp(-x t^2) dt by
// 8-point Gauss-Legendre on [0, 1] instead of 64-interval Simpson: 8 exponentials an element
// instead of 65, on every input alike (the integrand is entire and, for x < 1, its 16th
// derivative is small: the rule is exact to ~1e-15 there). Nodes and weights: the standard
// 8-point Gauss-Legendre rule on [-1, 1] (Abramowitz & Stegun, table 25.4), mapped to [0, 1].
// Its gain holds on any data: the declared law, the timed runs' shrunk data, the law pairs.
extern "C" __global__ void boys_gauss8(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // Literals, unrolled (no __constant__ bank: no module data to reload per run).
  const float kNode[4] = {0.1834346424956498f, 0.5255324099163290f, 0.7966664774136267f,
                          0.9602898564975363f};
  const float kWeight[4] = {0.3626837833783620f, 0.3137066458778873f, 0.2223810344533745f,
                            0.1012285362903763f};
  const float v = x[i];
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const float a = 0.5f * (1.0f - kNode[k]);
    const float b = 0.5f * (1.0f + kNode[k]);
    s += kWeight[k] * (__expf(-v * a * a) + __expf(-v * b * b));
  }
  y[i] = 0.5f * s;
}
