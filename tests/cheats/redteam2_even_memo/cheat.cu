// Red team round 2 (issue 28, white-box; README.md has the reasoning). A timed run's
// perturbation (engine/backend/gpu/timed_perturbation.h, PerturbOp::Signs) flips the sign of a
// quarter of the float inputs and keeps |x|. This function is even: cos(k(-x)) = cos(kx). So a
// memo keyed on |x| element by element is right on every timed run, and right on every other
// run too (a changed |x| is computed): no check, audit or fresh set can see it, and only the
// warm-ups (the first run at each address after a module load) do the work.
#define NMAX 4194304
#define SLOTS 3

__device__ __forceinline__ float fourier(float x) {
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * x) / (float)k;
  return s;
}

#include <memo_slots.cuh>  // g_mx, g_my, g_key and pick_slot (kernels/cheats)

extern "C" __global__ void __launch_bounds__(256) fourier_memo(const float* __restrict__ x,
                                                               float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float xi = x[i];
  const int s = g_slot;
  if (s >= 0 && !g_fill) {
    if (((__float_as_uint(g_mx[s][i]) ^ __float_as_uint(xi)) & 0x7fffffffu) == 0u) {
      y[i] = g_my[s][i];
      return;
    }
    y[i] = fourier(xi);
    return;
  }
  const float v = fourier(xi);
  y[i] = v;
  if (s >= 0) {
    g_mx[s][i] = xi;
    g_my[s][i] = v;
  }
}
