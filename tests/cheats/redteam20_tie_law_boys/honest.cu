// The seed: the Boys function F0(x) = int_0^1 exp(-x t^2) dt, one element per thread, by
// composite Simpson's rule on 64 intervals (65 exponentials), the way a quadrature-based
// integral code evaluates it for any x >= 0 of moderate size (error ~1e-9 on [0, 1)).
extern "C" __global__ void boys_simpson(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  const float h = 1.0f / 64.0f;
  float s = 1.0f + __expf(-v);  // t = 0 and t = 1
  for (int k = 1; k < 64; k += 2) {
    const float t = k * h;
    s += 4.0f * __expf(-v * t * t);
  }
  for (int k = 2; k < 64; k += 2) {
    const float t = k * h;
    s += 2.0f * __expf(-v * t * t);
  }
  y[i] = s * (h / 3.0f);
}
