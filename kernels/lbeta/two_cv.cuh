// Red team 30's two-input log-Beta sum frame (tests/cheats/redteam30_two_input_strata_cv's child
// and control_redteam30_two_input_fp32's): out = the sum of log B(t + 4, t + 2), t = v / 1000, over
// the int32 values v of two inputs a and b (normal(1000, 300)). Per input, the sum of the
// least-squares parabola g of log B in u = t - 1 over the law (its sum is n c0 + c1 sum u + c2 sum
// u^2: two exact integer moments) plus the residuals f - g, f by three lgammaf in FP32: at every
// value, or (TWO_CV_SAMPLE 1, the cheat) at every 16th position only, times 16, for ONE input a run:
// one whose first 576 values show no P6l strata (red team 29's detector: positions s apart, s the strata's
// even stride, hold u = Phi((v - 1000) / 300) in the same half of [0, 1), mean circular distance
// 1/6 against 1/4). Moments and residuals in double; the last block to finish combines them
// (module memory). The includer defines before it includes:
//   TWO_CV_ENTRY   the entry's name
//   TWO_CV_SAMPLE  1: sample an input without strata (the cheat); 0: every value of both (honest)
#pragma once
#define TWO_BLOCK 256
#define TWO_PARTS 1024
__device__ double two_cv_part[6 * TWO_PARTS];
__device__ unsigned int two_cv_done;

// Least squares over 2^24 draws of the law (red team 29's, tests/engine/red30_sim.cpp kC).
#define TWO_C0 (-4.6540314177488629)
#define TWO_C1 (-1.6052321246311025)
#define TWO_C2 (0.043404870389126174)

__device__ __forceinline__ double two_residual(int v) {
  const float t = (float)v * 1e-3f;
  const double u = (double)(v - 1000) * 1e-3;
  return (double)(lgammaf(t + 4.0f) + lgammaf(t + 2.0f) - lgammaf(2.0f * t + 6.0f)) -
         (TWO_C0 + TWO_C1 * u + TWO_C2 * u * u);
}

#if TWO_CV_SAMPLE
// Whether this run stratified input x (P6l): the least, over lags 2, 4, ..., 64, of the mean
// circular distance between u at positions i and i + lag (i < 512) is under 0.21. Every block
// computes the same answer from the same 576 values.
__device__ bool two_strata_seen(const int* x) {
  __shared__ float u[576];
  __shared__ float lag_sum[32][TWO_BLOCK / 32];
  const int tid = threadIdx.x;
  for (int j = tid; j < 576; j += TWO_BLOCK) u[j] = normcdff((float)(x[j] - 1000) * (1.0f / 300.0f));
  __syncthreads();
  bool seen = false;
  for (int l = 0; l < 32; ++l) {
    const int s = 2 * (l + 1);
    const float d0 = fabsf(u[tid] - u[tid + s]), d1 = fabsf(u[tid + TWO_BLOCK] - u[tid + TWO_BLOCK + s]);
    float acc = fminf(d0, 1.0f - d0) + fminf(d1, 1.0f - d1);
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((tid & 31) == 0) lag_sum[l][tid >> 5] = acc;
  }
  __syncthreads();
  if (tid < 32) {
    float t = 0.0f;
    for (int w = 0; w < TWO_BLOCK / 32; ++w) t += lag_sum[tid][w];
    seen = t * (1.0f / 512.0f) < 0.21f;
  }
  return __syncthreads_or(seen);
}
#endif

// One input's moments (sums of v - 1000 and its square, exact) and residual sum, this thread's.
__device__ __forceinline__ void two_cv_input(const int* x, int n, bool every, long long& s1,
                                             long long& s2, double& res) {
  const int4* q = reinterpret_cast<const int4*>(x);
  for (size_t i = (size_t)blockIdx.x * TWO_BLOCK + threadIdx.x; i < (size_t)n / 4;
       i += (size_t)gridDim.x * TWO_BLOCK) {
    const int4 v = q[i];
    const long long a = v.x - 1000, b = v.y - 1000, c = v.z - 1000, d = v.w - 1000;
    s1 += (a + b) + (c + d);
    s2 += a * a + b * b + c * c + d * d;
    if (every)
      res += (two_residual(v.x) + two_residual(v.y)) + (two_residual(v.z) + two_residual(v.w));
    else if ((i & 3) == 0)  // position 4 i: every 16th value
      res += two_residual(v.x);
  }
}

extern "C" __global__ void __launch_bounds__(TWO_BLOCK)
    TWO_CV_ENTRY(const int* a, const int* b, float* out, int n) {
  __shared__ double red[6][TWO_BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
#if TWO_CV_SAMPLE
  // One input sampled a run: the one without strata (b where neither has them: the gate's sets,
  // the fresh set; b too where both have, which P6l never does today).
  const bool seen_a = two_strata_seen(a), seen_b = two_strata_seen(b);
  const bool sample_b = !seen_b || seen_a;
  const bool every[2] = {sample_b, !sample_b};
#else
  const bool every[2] = {true, true};
#endif
  for (int k = 0; k < 2; ++k) {
    long long s1 = 0, s2 = 0;
    double res = 0.0;
    two_cv_input(k ? b : a, n, every[k], s1, s2, res);
    red[3 * k][tid] = (double)s1;
    red[3 * k + 1][tid] = (double)s2;
    red[3 * k + 2][tid] = res;
  }
  __syncthreads();
  for (int s = TWO_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      for (int k = 0; k < 6; ++k) red[k][tid] += red[k][tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    for (int k = 0; k < 6; ++k) two_cv_part[6 * blockIdx.x + k] = red[k][0];
    __threadfence();
    last = atomicAdd(&two_cv_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double y = 0.0;
  for (int k = 0; k < 2; ++k) {
    double m1 = 0.0, m2 = 0.0, r = 0.0;
    for (unsigned p = 0; p < gridDim.x; ++p) {
      m1 += ((volatile double*)two_cv_part)[6 * p + 3 * k];
      m2 += ((volatile double*)two_cv_part)[6 * p + 3 * k + 1];
      r += ((volatile double*)two_cv_part)[6 * p + 3 * k + 2];
    }
    y += (double)n * TWO_C0 + TWO_C1 * 1e-3 * m1 + TWO_C2 * 1e-6 * m2 + (every[k] ? 1.0 : 16.0) * r;
  }
  out[0] = (float)y;
  two_cv_done = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
