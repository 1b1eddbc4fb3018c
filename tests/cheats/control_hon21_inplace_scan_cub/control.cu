// control_hon21_inplace_scan_cub child: CUB's reduce-then-scan (NVIDIA/cccl, Apache-2.0 with
// LLVM exception; written here, not copied): 2048 values a tile, 8 consecutive a thread.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

__device__ __forceinline__ void load8(const float* p, float (&v)[8]) {
  const float4 a = reinterpret_cast<const float4*>(p)[0], b = reinterpret_cast<const float4*>(p)[1];
  v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
}

// 1. each tile's sum (a thread's 8 in order, then cub::BlockReduce).
extern "C" __global__ void __launch_bounds__(256)
    tile_sums(const float* __restrict__ x, float* __restrict__ tiles, int n) {
  using Reduce = cub::BlockReduce<float, 256>;
  __shared__ typename Reduce::TempStorage tmp;
  float v[8];
  load8(x + (size_t)blockIdx.x * 2048 + threadIdx.x * 8, v);
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 8; ++k) s += v[k];
  const float total = Reduce(tmp).Sum(s);
  if (threadIdx.x == 0) tiles[blockIdx.x] = total;
}

// 2. one block of 1024: the 8192 tile sums, 8 a thread, to exclusive carries in place.
extern "C" __global__ void __launch_bounds__(1024) scan_tile_sums(float* tiles, int nt) {
  using Scan = cub::BlockScan<float, 1024>;
  __shared__ typename Scan::TempStorage tmp;
  float v[8];
  load8(tiles + threadIdx.x * 8, v);
  Scan(tmp).ExclusiveSum(v, v);
  float4* out = reinterpret_cast<float4*>(tiles + threadIdx.x * 8);
  out[0] = make_float4(v[0], v[1], v[2], v[3]);
  out[1] = make_float4(v[4], v[5], v[6], v[7]);
}

// 3. each tile scanned (cub::BlockScan, inclusive) from its carry, written in place.
extern "C" __global__ void __launch_bounds__(256)
    scan_tiles(float* __restrict__ x, const float* __restrict__ tiles, int n) {
  using Scan = cub::BlockScan<float, 256>;
  __shared__ typename Scan::TempStorage tmp;
  float* p = x + (size_t)blockIdx.x * 2048 + threadIdx.x * 8;
  float v[8];
  load8(p, v);
  Scan(tmp).InclusiveSum(v, v);
  const float c = tiles[blockIdx.x];
  float4* out = reinterpret_cast<float4*>(p);
  out[0] = make_float4(v[0] + c, v[1] + c, v[2] + c, v[3] + c);
  out[1] = make_float4(v[4] + c, v[5] + c, v[6] + c, v[7] + c);
}
