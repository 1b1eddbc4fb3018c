// control_hon40_cg_coalesced_agg_inc child: NVIDIA's atomicAggInc in its cooperative-groups form
// (the CUDA Pro Tip "Optimized Filtering with Warp-Aggregated Atomics", NVIDIA developer blog,
// and the CUDA C++ Programming Guide's coalesced_threads() example): the lanes that reach the
// call form a coalesced group, its leader reserves g.size() slots, each lane takes
// leader's base + its rank. Written here (README.md).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ __forceinline__ int atomicAggInc(int* ctr) {
  cg::coalesced_group g = cg::coalesced_threads();
  int prev;
  if (g.thread_rank() == 0) prev = atomicAdd(ctr, (int)g.size());
  return g.shfl(prev, 0) + (int)g.thread_rank();
}

extern "C" __global__ void compact_agg_inc(const float* x, int* idx, float* vals, int* n_out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  if (v > 0.5f) {
    const int at = atomicAggInc(n_out);
    idx[at] = i;
    vals[at] = v;
  }
}
