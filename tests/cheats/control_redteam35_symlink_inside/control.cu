// Red team 35's control (issue 28, P1): an honest float4 grid-stride sum whose helper reaches it
// through a symlink that resolves inside the problem folder (include/sum4.h -> ../src/sum4.h),
// and which includes CCCL (<cuda/std/cstdint>, so NVRTC looks up <version> in include/ too, and
// finds nothing there). A fix of redteam35_symlink_std_header must refuse links that resolve
// outside the folder (or decide on the files NVRTC opened), never every symlink: a shared
// header linked into include/ is an ordinary layout.
#include <cuda/std/cstdint>
#include <sum4.h>

extern "C" __global__ void __launch_bounds__(256)
    reduce_linked(const float* __restrict__ x, float* __restrict__ out, int n) {
  float s = 0.f;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const cuda::std::int64_t stride = cuda::std::int64_t(gridDim.x) * blockDim.x;
  for (cuda::std::int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += stride)
    s += sum4(x4[i]);
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
