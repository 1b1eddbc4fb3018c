// float64 reference (written for the red team): every seed's hit count (montecarlo.h, the same
// integers), summed exactly in 64-bit integers per thread, one double atomic per block (the
// output is zeroed before the run: zero_before_run).
#include "montecarlo.h"
#define RB 256
extern "C" __global__ void __launch_bounds__(RB)
    mc_count_ref(const int* seeds, double* out, int n) {
  __shared__ long long red[RB];
  const int tid = threadIdx.x;
  long long acc = 0;
  for (long long i = (long long)blockIdx.x * RB + tid; i < n; i += (long long)gridDim.x * RB)
    acc += mc_hits(seeds[i]);
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, (double)red[0]);
}
