// Red team 33 (issue 28, P1): a file outside the problem folder, included by a toolkit header.
//
// The include confinement (generators/source_confinement.cpp check_includes) reads the problem's
// own files and their local headers; an `#include <name>` it does not find in a local folder is
// "the toolkit's header" and is never read. But NVRTC is given -I <toolkit>/include and
// -I <toolkit>/include/cccl, and a toolkit header may include a file whose name is a macro
// (a computed include). thrust/mr/memory_resource.h does, under #ifdef:
//
//     #ifdef THRUST_MR_STD_MR_HEADER
//     #  include THRUST_MR_STD_MR_HEADER
//     #endif
//
// and thrust/detail/config/memory_resource.h defines that macro only where
// __has_include(<memory_resource>) holds, which it never does under NVRTC. So the kernel source
// defines it: any path, absolute or with '..', which the confinement never sees (it refuses only
// what a problem file's own directives name). NVRTC 13.0 follows it (checked on the host:
// /etc/passwd's first line reaches the compile log; a valid C++ file compiles in).
//
// Here the file read is the harness's own source, engine/backend/gpu/normal_knots.h (the
// timed perturbation's normal law), found through the problem's include folder:
// <folder>/include/../../../../engine/... is the checkout's engine/. The kernel then sums
// honestly (a float4 grid-stride reduce, ~2.7x the seed as control_redteam_reduce_memo's
// honest path), and writes nothing it learned; what it shows is that it could.
//
// Two enablers, both inside the rules: `<cstddef>` (NVRTC has none) is a stub in this folder's
// include/ (a default include folder), and `-default-device` (an allowed compile option) lets
// thrust's host-annotated declarations compile; _CCCL_HOST is redefined empty after thrust's
// config so the one __host__ function compiles too.
#include <thrust/detail/config.h>
#undef _CCCL_HOST
#define _CCCL_HOST
#define THRUST_MR_STD_MR_HEADER "../../../../engine/backend/gpu/normal_knots.h"
#include <thrust/mr/memory_resource.h>

// The harness's knots are in this translation unit now: the 33rd is Phi^-1(1/2) = 0.
static_assert(solver::gpu::kNormalKnots[32] == 0.0, "read from outside the problem folder");

extern "C" __global__ void __launch_bounds__(256)
    reduce_outside(const float* __restrict__ x, float* __restrict__ out, int n) {
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
