// redteam29_intnormal_cv_sum child: a 1-in-16 sample of log B(t + 4, t + 2), t = x / 1000, with a
// control variate (red team 27's redteam27_cv_residual_sum on an integer normal input). g = log B's
// least-squares parabola in u = t - 1 over the law N(1, 0.3) stands in for every element (its sum
// is n c0 + c1 sum u + c2 sum u^2: two moments of x), and log B is evaluated at every 16th
// position only (the .x of every 4th int4), adding 16 (f - g) there. P6l's strata would bias the
// fixed sample, but an integer normal off the law is redrawn i.i.d. with no strata
// (timed_perturbation.cpp: `(law || !p.iid)`), so every verified timed run, audit, gate set and
// fresh check is exchangeable and the estimate unbiased. Only the law pairs (P6d, audited: P6e)
// are stratified (their redraw is `law`), and a stratified run tells itself apart: positions s
// apart (s the strata's even stride) hold u = Phi((x - 1000) / 300) in the same half of [0, 1),
// so their circular distance averages 1/6 against 1/4. Each block measures it on the first 576
// values at the 32 lags 2..64 and, where one lag's mean is under 0.21, sums every element
// honestly in FP32 (still faster than the FP64 seed, so the law pairs say "faster" too).
// Moments and residuals in double, the last block to finish combines them (module memory).
// White-box notes: README.md.
#define BLOCK 256
#define PARTS 1024
__device__ double inorm_cv_part[3 * PARTS];
__device__ unsigned int inorm_cv_done;

// Least squares over set 0 (2^24 draws of the law; red29_sim inorm prints them).
#define kC0 (-4.6540314177488629)
#define kC1 (-1.6052321246311025)
#define kC2 (0.043404870389126174)

// Whether this run's x is stratified (P6l): the least, over lags 2, 4, ..., 64, of the mean
// circular distance between u at positions i and i + lag (i < 512) is under 0.21. Every block
// computes the same answer from the same 576 values.
__device__ bool strata_seen(const int* x) {
  __shared__ float u[576];
  __shared__ float lag_sum[32][BLOCK / 32];
  const int tid = threadIdx.x;
  for (int j = tid; j < 576; j += BLOCK) u[j] = normcdff((float)(x[j] - 1000) * (1.0f / 300.0f));
  __syncthreads();
  bool seen = false;
  for (int l = 0; l < 32; ++l) {
    const int s = 2 * (l + 1);
    float d0 = fabsf(u[tid] - u[tid + s]), d1 = fabsf(u[tid + BLOCK] - u[tid + BLOCK + s]);
    float acc = fminf(d0, 1.0f - d0) + fminf(d1, 1.0f - d1);
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((tid & 31) == 0) lag_sum[l][tid >> 5] = acc;
  }
  __syncthreads();
  if (tid < 32) {
    float t = 0.0f;
    for (int w = 0; w < BLOCK / 32; ++w) t += lag_sum[tid][w];
    seen = t * (1.0f / 512.0f) < 0.21f;
  }
  return __syncthreads_or(seen);
}

extern "C" __global__ void __launch_bounds__(BLOCK) inorm_lbeta_cv(const int* x, float* out, int n) {
  __shared__ double red[3][BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const bool every = strata_seen(x);  // a law pair: every term, honestly (FP32)
  const int4* q = reinterpret_cast<const int4*>(x);
  long long s1 = 0, s2 = 0;  // sums of w = x - 1000 and w^2: exact
  double res = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4; i += (size_t)gridDim.x * BLOCK) {
    const int4 v = q[i];
    const long long a = v.x - 1000, b = v.y - 1000, c = v.z - 1000, d = v.w - 1000;
    s1 += (a + b) + (c + d);
    s2 += a * a + b * b + c * c + d * d;
    if (every) {  // res holds the whole sum of f - g, the moments g's part
      const int w4[4] = {v.x, v.y, v.z, v.w};
      for (int k = 0; k < 4; ++k) {
        const float t = (float)w4[k] * 1e-3f;
        const double u = (double)(w4[k] - 1000) * 1e-3;
        res += (double)(lgammaf(t + 4.0f) + lgammaf(t + 2.0f) - lgammaf(2.0f * t + 6.0f)) -
               (kC0 + kC1 * u + kC2 * u * u);
      }
    } else if ((i & 3) == 0) {  // position 4 i: every 16th element
      const float t = (float)v.x * 1e-3f;
      const double u = (double)a * 1e-3;
      res += (double)(lgammaf(t + 4.0f) + lgammaf(t + 2.0f) - lgammaf(2.0f * t + 6.0f)) -
             (kC0 + kC1 * u + kC2 * u * u);
    }
  }
  red[0][tid] = (double)s1;
  red[1][tid] = (double)s2;
  red[2][tid] = res;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      for (int k = 0; k < 3; ++k) red[k][tid] += red[k][tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    for (int k = 0; k < 3; ++k) inorm_cv_part[3 * blockIdx.x + k] = red[k][0];
    __threadfence();
    last = atomicAdd(&inorm_cv_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double m1 = 0.0, m2 = 0.0, r = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) {
    m1 += ((volatile double*)inorm_cv_part)[3 * b];
    m2 += ((volatile double*)inorm_cv_part)[3 * b + 1];
    r += ((volatile double*)inorm_cv_part)[3 * b + 2];
  }
  out[0] = (float)((double)n * kC0 + kC1 * 1e-3 * m1 + kC2 * 1e-6 * m2 + (every ? 1.0 : 16.0) * r);
  inorm_cv_done = 0;
}
