// A degree DEG - 1 polynomial p(x) = sum_k c_k x^k by Horner's rule in FP64 on n values,
// PER_THREAD independent elements a thread (element e of a block is blockDim apart, so the loads
// are coalesced): the loads first, then PER_THREAD interleaved chains of DEG - 1 dependent FMAs,
// fully unrolled, c_k an immediate where the compiler can make it one. A whole kernel: the
// including file defines DEG, PER_THREAD, HORNER_ENTRY (the entry's name) and HORNER_COEF(k)
// (c_k), so the two labelled cases that differ only in their coefficients share the loop
// (issue 33): tests/labelled fp64_fma_chain (c_k = 1 - k/512, exact in the 32-bit immediate a
// SASS DFMA carries: FP64-pipe-bound) and issue_bound_horner (c_k = 1/(k+2), not: two UMOVs
// before every DFMA, issue-bound). The tokens are the ones the kernels wrote out.
#pragma once

extern "C" __global__ void __launch_bounds__(256)
    HORNER_ENTRY(const double* __restrict__ x, double* __restrict__ y, int n) {
  const int base = (blockIdx.x * blockDim.x) * PER_THREAD + threadIdx.x;
  double v[PER_THREAD], acc[PER_THREAD];
#pragma unroll
  for (int e = 0; e < PER_THREAD; ++e) {  // coalesced: element e of a block is blockDim apart
    const int i = base + e * blockDim.x;
    v[e] = i < n ? x[i] : 0.0;
    acc[e] = HORNER_COEF(DEG - 1);
  }
#pragma unroll
  for (int k = DEG - 2; k >= 0; --k)
#pragma unroll
    for (int e = 0; e < PER_THREAD; ++e) acc[e] = fma(acc[e], v[e], HORNER_COEF(k));
#pragma unroll
  for (int e = 0; e < PER_THREAD; ++e) {
    const int i = base + e * blockDim.x;
    if (i < n) y[i] = acc[e];
  }
}
