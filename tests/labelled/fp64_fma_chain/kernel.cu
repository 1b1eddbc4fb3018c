// 255 dependent DFMAs per element, four independent elements per thread. The H200's FP64 pipe
// issues 64 lanes per SM per cycle (half the FP32 rate: ~33 TFLOP/s), so ~4.3 GFLOP take
// ~0.13 ms while the 128 MiB of traffic needs ~30 us: the FP64 pipe is the limit.
// Why four elements: with one chain per thread (the first version) every block stalls on its
// one DRAM load before any DFMA, and a wave's warps all do so at once; the pipe was busy only
// 65 % of the time (docs/results/h200-2026-12-01b). Four loads in flight per thread, then four
// interleaved chains, give each load four times the FP64 work to hide behind, and the four
// chains keep the pipe fed even with fewer warps resident.
#define DEG 256
#define PER_THREAD 4

extern "C" __global__ void __launch_bounds__(256)
    horner_fp64(const double* __restrict__ x, double* __restrict__ y, int n) {
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
