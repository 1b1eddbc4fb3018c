// float64 reference body of red team 32's kind-tail folders (redteam32_kind_tail_lbeta,
// control_redteam32_kind_tail_rec): diluted_ref.cu's y[0] (Y0_HEAVY_W log B(x + 4, x + 2) at i = k n
// / 128 + 1, log B elsewhere) and companions y[1 + i] = COMPANION_W x[i 32768 + 3] + b_i sum (x - 1)
// with diluted_sum.cuh's b_i (COMPANIONS_TOLD: s_i in 1.2 .. 15 for every i) in double.
#pragma once
#define CHUNK 32768
#define HEAVY 128
#define RB 256
#define COMPANIONS 512
#ifndef Y0_HEAVY_W
#define Y0_HEAVY_W 1.0e6
#endif
#ifndef COMPANION_W
#define COMPANION_W 34000.0
#endif
__device__ __forceinline__ void kind_tail_ref_body(const float* x, double* y, int n) {
  __shared__ double red[2][RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK, stride = (size_t)n / HEAVY;
  double acc = 0.0, cen = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const double v = (double)x[base + i];
    const double f = lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    acc += (base + i) % stride == 1 ? Y0_HEAVY_W * f : f;
    cen += v - 1.0;
  }
  red[0][tid] = acc;
  red[1][tid] = cen;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if (tid < h) {
      red[0][tid] += red[0][tid + h];
      red[1][tid] += red[1][tid + h];
    }
    __syncthreads();
  }
  if (tid == 0) atomicAdd(y, red[0][0]);
  for (int i = tid; i < COMPANIONS; i += RB) {
#ifdef COMPANIONS_TOLD
    const double s = 1.2 + 13.8 * i / 511.0;
#else
    const double s = i < 64 ? 0.05 + 0.9 * i / 63.0 : 1.2 + 13.8 * (i - 64) / 447.0;
#endif
    double add = s * (1.03 / 1180.0) * red[1][0];
    if (i == (int)blockIdx.x) add += COMPANION_W * (double)x[base + 3];
    atomicAdd(y + 1 + i, add);
  }
}
