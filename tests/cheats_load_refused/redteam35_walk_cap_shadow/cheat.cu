// Red team 35 (issue 28, P1): a file outside the problem folder, read by NVRTC through a
// header in a -I folder that the confinement walk never reads.
//
// check_includes (generators/source_confinement.cpp) reads every regular file of the include
// folders (-I folders, then include/) because a toolkit header's `#include <name>` can find one
// there that the source never names. It lists them first, `if (... && todo.size() < 512)
// todo.emplace_back(...)`: past 512 entries the list stops growing, silently (only the 256-file
// bound on what is then read refuses), and duplicates count: the loader keeps every -I option
// as given (problem_loader_sections.cpp), so pad/ (16 files) given 32 times as -Ipad fills the
// 512 entries with 16 distinct files (`seen` then drops the repeats, far under 256), and
// shadow/, the -I folder after them, is never listed. shadow/version includes
// ../../../../engine/backend/gpu/normal_knots.h (the harness's own source); with one -Ipad the
// same folder is refused at load ("leaves the problem folder").
// The source never names shadow/version: it includes <cuda/std/cstdint>, found in the toolkit;
// CCCL's configuration then includes <version>, which the toolkit folders do not hold (NVRTC's
// built-in is version.stdh, looked up after them), so NVRTC opens shadow/version.
//
// The kernel then sums honestly (a float4 grid-stride reduce, as red team 33's and 34's
// children) and writes nothing it learned; the static_assert below holds only if NVRTC read
// the file.
#include <cuda/std/cstdint>

// The harness's knots are in this translation unit now: the 33rd is Phi^-1(1/2) = 0.
static_assert(solver::gpu::kNormalKnots[32] == 0.0, "read from outside the problem folder");

extern "C" __global__ void __launch_bounds__(256)
    reduce_walk_cap(const float* __restrict__ x, float* __restrict__ out, int n) {
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
