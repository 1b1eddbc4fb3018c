// Red team 34 (issue 28, P1): a file outside the problem folder, reached through a chain of 33
// quoted local headers.
//
// check_includes (generators/source_confinement.cpp) walks the source's includes as a work
// list with a depth: the source is depth 0, each header it finds is pushed with its includer's
// depth + 1, but only `std::abs(depth) < 32` (the includer's depth): a header found from a file
// at depth 32 is looked up (that it exists inside the folder is checked) and never pushed, so
// its text is never read, its directives never judged, and nothing is refused ("more than 256
// local headers" is the only limit that says so). NVRTC's own nesting limit is far deeper.
// chain/h00.h .. chain/h31.h include the next link; chain/h32.h, at depth 33, includes the
// harness's own source engine/backend/gpu/normal_knots.h by '..' (four levels up from chain/).
// chain/ is not an include folder (only include/ and -I folders are walked file by file).
//
// The kernel then sums honestly (a float4 grid-stride reduce, as redteam33's child) and writes
// nothing it learned; what it shows is that it could (the static_assert below holds only if
// NVRTC read the file).
#include "chain/h00.h"

// The harness's knots are in this translation unit now: the 33rd is Phi^-1(1/2) = 0.
static_assert(solver::gpu::kNormalKnots[32] == 0.0, "read from outside the problem folder");

extern "C" __global__ void __launch_bounds__(256)
    reduce_deep(const float* __restrict__ x, float* __restrict__ out, int n) {
  float s = 0.f;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
    float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ float warp[8];
  if ((threadIdx.x & 31) == 0) warp[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < 8 ? warp[threadIdx.x] : 0.f;
    for (int o = 4; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) atomicAdd(out, s);
  }
}
