// redteam29_cv_prime_stride child: red team 27's control variate (redteam27_cv_residual_sum) with
// its 1-in-k sample at k = 37 elements instead of 16. g = log B's least-squares parabola in
// t = x - 1 over the law stands in for every element (its sum is n c0 + c1 sum t + c2 sum t^2: two
// moments of x), and log B itself is evaluated at the m = ceil(n / 37) positions 37 j only, adding
// (n / m) (f - g) there. P6l's strata (one law input a timed run split by residue modulo an even
// stride s in 2..64, the two halves drawn from complementary halves of the law) bias a sample
// whose stride shares a factor with s; 37 shares none with any s, so every residue class of s is
// sampled equally and the estimate stays unbiased on every verified run.
// Moments and residuals in double, the last block to finish combines them (module memory).
// White-box notes: README.md.
#include "lbeta.h"
#define BLOCK 256
#define PARTS 1024
__device__ double cv37_part[3 * PARTS];
__device__ unsigned int cv37_done;

// Least squares over uniform t in [-0.5, 0.5) (red27_cv_residual_sim's kParabola).
#define kC0 (-4.6539752264096936)
#define kC1 (-1.6039341667768405)
#define kC2 (0.042446236565038174)

extern "C" __global__ void __launch_bounds__(BLOCK) lbeta_sum_cv37(const float* x, float* out, int n) {
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
    const unsigned k = (37u - (unsigned)((4 * i) % 37)) % 37u;  // 4 i + k: a multiple of 37
    if (k < 4) {
      const float s = k == 0 ? v.x : k == 1 ? v.y : k == 2 ? v.z : v.w;
      const double ts = (double)(s - 1.0f);
      res += (double)lbeta_term(s) - (kC0 + kC1 * ts + kC2 * ts * ts);
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
    for (int k = 0; k < 3; ++k) cv37_part[3 * blockIdx.x + k] = red[k][0];
    __threadfence();
    last = atomicAdd(&cv37_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double m1 = 0.0, m2 = 0.0, r = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) {
    m1 += ((volatile double*)cv37_part)[3 * b];
    m2 += ((volatile double*)cv37_part)[3 * b + 1];
    r += ((volatile double*)cv37_part)[3 * b + 2];
  }
  const double m = (double)(((unsigned)n + 36u) / 37u);  // positions 37 j below n
  out[0] = (float)((double)n * kC0 + kC1 * m1 + kC2 * m2 + (double)n / m * r);
  cv37_done = 0;
}
