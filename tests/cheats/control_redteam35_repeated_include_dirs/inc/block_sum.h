// inc/block_sum.h: the control's block sum through cub::BlockReduce (red team 35's control).
#pragma once
#include <cub/block/block_reduce.cuh>

template <int kThreads>
__device__ __forceinline__ float block_sum(float v) {
  using Reduce = cub::BlockReduce<float, kThreads>;
  __shared__ typename Reduce::TempStorage tmp;
  return Reduce(tmp).Sum(v);
}
