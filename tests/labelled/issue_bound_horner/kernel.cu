// The fp64_fma_chain kernel as it was first written, kept because it is a clean case of another
// bottleneck: its coefficients 1/(k+2) are not exact in the 32-bit immediate a SASS DFMA carries,
// so ptxas puts two UMOVs in front of every DFMA (sm_90: 1976 UMOV, 1020 DFMA, 10 IMAD in the
// cubin, cuobjdump -sass). Two thirds of the issued instructions are moves: the schedulers issue
// on ~97% of cycles while the FP64 pipe is ~65% busy. Instruction count is the limit, not the
// pipe (fp64_fma_chain, with immediate-exact coefficients, is the FP64-bound twin).
#define DEG 256
#define PER_THREAD 4

extern "C" __global__ void __launch_bounds__(256)
    horner_fp64_umov(const double* __restrict__ x, double* __restrict__ y, int n) {
  const int base = (blockIdx.x * blockDim.x) * PER_THREAD + threadIdx.x;
  double v[PER_THREAD], acc[PER_THREAD];
#pragma unroll
  for (int e = 0; e < PER_THREAD; ++e) {  // coalesced: element e of a block is blockDim apart
    const int i = base + e * blockDim.x;
    v[e] = i < n ? x[i] : 0.0;
    acc[e] = 1.0 / (double)(DEG - 1 + 2);
  }
#pragma unroll
  for (int k = DEG - 2; k >= 0; --k)
#pragma unroll
    for (int e = 0; e < PER_THREAD; ++e) acc[e] = fma(acc[e], v[e], 1.0 / (double)(k + 2));
#pragma unroll
  for (int e = 0; e < PER_THREAD; ++e) {
    const int i = base + e * blockDim.x;
    if (i < n) y[i] = acc[e];
  }
}
