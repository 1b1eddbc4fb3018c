// Each warp follows its own chain of S links; the address of link k+1 is the value of link k,
// so a warp has exactly one load in flight and waits a full DRAM round trip (~0.6-0.8 us) per
// step. All 32 lanes load the same word (one sector per request), so there is no coalescing
// problem, and even 64 warps per SM keep only ~8000 loads in flight GPU-wide: DRAM and L2
// throughput stay low while the warps sit on the long scoreboard. Latency, not bandwidth.
extern "C" __global__ void __launch_bounds__(256)
    chase(const int* __restrict__ next, int* __restrict__ out, int n, int W, int S) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (warp >= W) return;
  unsigned idx = ((unsigned)warp * 2654435761u) & (unsigned)(n - 1);
  for (int s = 0; s < S; ++s) idx = (unsigned)next[idx];
  if ((threadIdx.x & 31) == 0) out[warp] = (int)idx;
}
