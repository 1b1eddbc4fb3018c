// control_hon22_f64_logsumexp child: a warp per row with the online normaliser (Milakov and
// Gimelshein 2018, "Online normalizer calculation for softmax"; FlashAttention's running
// (max, sum)), in double: each lane keeps (m, s) over its strided elements, rescaling s by
// exp(m_old - m_new) when the maximum moves, then the lanes' pairs are merged by shuffles.
// libdevice's exp/log in FP64. Written here.
#include <math_constants.h>

__device__ __forceinline__ void lse_merge(double& m, double& s, double m2, double s2) {
  const double mn = fmax(m, m2);
  s = s * exp(m - mn) + s2 * exp(m2 - mn);
  m = mn;
}

extern "C" __global__ void __launch_bounds__(256)
    lse_warp_online_f64(const double* __restrict__ x, double* __restrict__ out, int R, int C) {
  const int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (r >= R) return;
  const double* row = x + (size_t)r * C;
  double m = -CUDART_INF, s = 0.0;
  for (int c = lane; c < C; c += 32) {
    const double v = __ldg(row + c);
    if (v > m) {
      s = s * exp(m - v) + 1.0;
      m = v;
    } else {
      s += exp(v - m);
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    const double m2 = __shfl_xor_sync(0xffffffffu, m, o);
    const double s2 = __shfl_xor_sync(0xffffffffu, s, o);
    lse_merge(m, s, m2, s2);
  }
  if (lane == 0) out[r] = m + log(s);
}
