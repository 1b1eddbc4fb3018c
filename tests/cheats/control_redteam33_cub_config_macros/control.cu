// control_redteam33_cub_config_macros child (red team 33, issue 28, P1's other side): an honest
// 64M-element sum through cub::BlockReduce, with documented CCCL configuration macros defined
// before the toolkit header is included (the kind of source a fix of
// redteam33_toolkit_computed_include must still accept: it defines macros the toolkit reads, but
// none that a toolkit header includes as a file name). Written here; CUB is NVIDIA/cccl
// (Apache-2.0 with LLVM exception), used through its headers only.
#define CUB_IGNORE_DEPRECATED_CPP_DIALECT
#define CCCL_IGNORE_DEPRECATED_CPP_DIALECT
#define CUB_IGNORE_DEPRECATED_API
#include <cub/block/block_reduce.cuh>

// 1056 blocks of 256 threads, float4 grid-stride, one BlockReduce and one atomic a block.
extern "C" __global__ void __launch_bounds__(256)
    reduce_cub(const float* __restrict__ x, float* __restrict__ out, int n) {
  using Reduce = cub::BlockReduce<float, 256, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  __shared__ typename Reduce::TempStorage tmp;
  float s = 0.f;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
    const float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  const float total = Reduce(tmp).Sum(s);
  if (threadIdx.x == 0) atomicAdd(out, total);
}
