// Red team 35's control (issue 28, P1): an honest float4 grid-stride sum whose block sum is
// cub::BlockReduce in a local header of a -I folder the problem names twice (compile_options:
// -Iinc, --include-path=inc; a repeated folder is harmless to NVRTC). A fix of
// redteam35_walk_cap_shadow (the include-folder walk's 512-entry list, filled by one folder
// given 32 times) must deduplicate folders and files, or refuse only where distinct files
// exceed its bound, never a repeated -I as such.
#include <block_sum.h>

extern "C" __global__ void __launch_bounds__(256)
    reduce_cub_twice(const float* __restrict__ x, float* __restrict__ out, int n) {
  float s = 0.f;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
    float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  s = block_sum<256>(s);
  if (threadIdx.x == 0) atomicAdd(out, s);
}
