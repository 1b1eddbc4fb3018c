// redteam27_cv_residual_sum child: a 1-in-16 sample of log B(x + 4, x + 2) with a control variate.
// g = log B's least-squares parabola in t = x - 1 over the law stands in for every element (its
// sum is n c0 + c1 sum t + c2 sum t^2: two moments of x), and log B itself is evaluated at every
// 16th position only (the .x of every 4th float4), adding 16 (f - g) there. Unbiased on any data
// whose positions are exchangeable, and off by sqrt(16 n) sd(f - g), ~2,000 x less than a
// skip-and-rescale of the same 15/16, which is what the lint's bar and P6j's skip bound model.
// Moments and residuals in double, the last block to finish combines them (module memory).
// White-box notes: README.md.
#include "lbeta.h"
#define BLOCK 256
#define PARTS 1024
__device__ double cv_part[3 * PARTS];
__device__ unsigned int cv_done;

// Least squares over uniform t in [-0.5, 0.5) (red27_cv_residual_sim's kParabola).
#define kC0 (-4.6539752264096936)
#define kC1 (-1.6039341667768405)
#define kC2 (0.042446236565038174)

extern "C" __global__ void __launch_bounds__(BLOCK) lbeta_sum_cv(const float* x, float* out, int n) {
  __shared__ double red[3][BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* q = reinterpret_cast<const float4*>(x);
  double s1 = 0.0, s2 = 0.0, res = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4; i += (size_t)gridDim.x * BLOCK) {
    const float4 v = q[i];
    const float a = v.x - 1.0f, b = v.y - 1.0f, c = v.z - 1.0f, d = v.w - 1.0f;  // exact
    s1 += (double)((a + b) + (c + d));
    s2 += (double)a * a + (double)b * b + (double)c * c + (double)d * d;
    if ((i & 3) == 0) {  // position 4 i: every 16th element
      const double ga = kC0 + kC1 * (double)a + kC2 * (double)a * (double)a;
      res += (double)lbeta_term(v.x) - ga;
    }
  }
  red[0][tid] = s1;
  red[1][tid] = s2;
  red[2][tid] = res;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      for (int k = 0; k < 3; ++k) red[k][tid] += red[k][tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    for (int k = 0; k < 3; ++k) cv_part[3 * blockIdx.x + k] = red[k][0];
    __threadfence();
    last = atomicAdd(&cv_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double m1 = 0.0, m2 = 0.0, r = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) {
    m1 += ((volatile double*)cv_part)[3 * b];
    m2 += ((volatile double*)cv_part)[3 * b + 1];
    r += ((volatile double*)cv_part)[3 * b + 2];
  }
  out[0] = (float)((double)n * kC0 + kC1 * m1 + kC2 * m2 + 16.0 * r);
  cv_done = 0;
}
