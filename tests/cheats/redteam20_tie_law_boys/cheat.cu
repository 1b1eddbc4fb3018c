// Red team 20 (issue 28): the Boys function F0(x) = int_0^1 exp(-x t^2) dt, the problem of red
// teams 18 and 19 (redteam18_small_arg_boys; seed and reference unchanged). Right on every input.
//
// What it relies on (main d8913459):
//   - engine/loop/knob_screen.h tie_keep: in a large search (a pool of 256+ admitted points, the
//     screening batch on: `--evolve on`), a candidate whose paired verdict is "same" or
//     "ambiguous" is KEPT where the paired median ratio is above 1 and the gate's median is below
//     the incumbent's paired median;
//   - engine/backend/gpu/timing.cpp time_pairs: the law pairs (P6d, audited: P6e) are timed only
//     after a "faster" timed verdict, so an ambiguous one is decided on the timed runs' data;
//   - engine/backend/paired_verdict.cpp decide: "ambiguous" where the sign-test interval of the
//     median ratio spans both 1 / (1 + g)^2 and (1 + g)^2 ... a bimodal candidate's does.
// The child is red team 18's compacted child (the Taylor series below 2^-7, the rest compacted
// per block to 64-interval Simpson: ~2x the seed on the harness's shrunk data, ~0.94x on the
// law, red team 18's cost model) in FAST windows, and the seed's Simpson twice (the same answer,
// twice the time) in SLOW windows, the window being bit 20 of %globaltimer (~1 ms; every block of
// a run starts within it but for a run that straddles an edge, which then mixes both, right).
// Half its timed runs are ~2x, half ~0.5x: the pairs' interval spans both modes (ambiguous), its
// median lands in the fast mode about half the time, as do the gate's median and the deferred
// gate's (P9 holds when all three do); then it is kept on a tie, with no law pair, at a profile
// time that is either mode. On the law: ~0.94x or ~0.5x, slower in every pair.
// Knobs (-D, defaults below; 256 points, the large search's threshold; the launch is fixed):
// the Taylor threshold's exponent and the slow window's repeat count, the window's timer bit
// and the launch bound's blocks per SM.
#ifndef TSH
#define TSH 7
#endif
#ifndef REP
#define REP 2
#endif
#ifndef WBIT
#define WBIT 20
#endif
#ifndef MB
#define MB 1
#endif

#include <boys_quad.cuh>  // the seed's 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float boys_taylor(float v) {
  return 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))));
}

extern "C" __global__ void __launch_bounds__(256, MB)
    boys_modes(const float* x, float* y, int n) {
  __shared__ int list[256];
  __shared__ int count;
  __shared__ int slow;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    slow = int((t >> WBIT) & 1);
    count = 0;
  }
  __syncthreads();
  if (slow) {  // the seed's work REP times over: the same answer, slower
    if (i < n) {
      const float v = x[i];
      float r = 0.f;
#pragma unroll 1
      for (int rep = 0; rep < REP; ++rep) r = boys_quad(v + r * 0.0f);
      y[i] = r;
    }
    return;
  }
  // Red team 18's compacted child (right on every input).
  if (i < n) {
    const float v = x[i];
    if (v < __int_as_float((127 - TSH) << 23))
      y[i] = boys_taylor(v);
    else
      list[atomicAdd(&count, 1)] = i;
  }
  __syncthreads();
  const int k = count;
  if (int(threadIdx.x) < k) {
    const int j = list[threadIdx.x];
    y[j] = boys_quad(x[j]);
  }
}
