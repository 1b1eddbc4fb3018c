// Red team 15's pole response as a whole kernel (issue 33: the seed pole_response.cu and the
// children of tests/cheats/redteam15_f64_pole_short_poly and control_redteam15_f64_pole_exp2_poly
// carried the same kernel): h[i] = sum_j r[j] * exp(p[j] * t[i]), one thread an output, the poles
// and residues through shared-memory tiles of PR_TB, in FP64. The includer defines before it
// includes:
//   POLE_ENTRY      the entry's name
//   POLE_EXP(x)     the exponential (default the CUDA math library's FP64 exp(x))
//   POLE_SHARED     more shared arrays, each after a comma (default none)
//   POLE_SETUP      statements before the first tile, e.g. filling those arrays (default none)
#pragma once
#define PR_TB 128
#ifndef POLE_EXP
#define POLE_EXP(x) exp(x)
#endif
#ifndef POLE_SHARED
#define POLE_SHARED
#endif
#ifndef POLE_SETUP
#define POLE_SETUP
#endif
extern "C" __global__ void __launch_bounds__(PR_TB)
    POLE_ENTRY(const double* t, const double* p, const double* r, double* h, int n, int m) {
  __shared__ double sp[PR_TB], sr[PR_TB] POLE_SHARED;
  POLE_SETUP
  const int i = blockIdx.x * PR_TB + threadIdx.x;
  const double ti = i < n ? t[i] : 0;
  double acc = 0;
  for (int base = 0; base < m; base += PR_TB) {
    const int j = base + threadIdx.x;
    sp[threadIdx.x] = j < m ? p[j] : 0;
    sr[threadIdx.x] = j < m ? r[j] : 0;
    __syncthreads();
    const int count = m - base < PR_TB ? m - base : PR_TB;
    for (int k = 0; k < count; ++k) acc = fma(sr[k], POLE_EXP(sp[k] * ti), acc);
    __syncthreads();
  }
  if (i < n) h[i] = acc;
}
