// control_hon21_nonzero_ballot child: CUB DeviceSelect's warp ranking (NVIDIA/cccl, Apache-2.0
// with LLVM exception; written here, not copied). A block of 256 covers 4096 elements as 16
// steps of 256 consecutive ones; in a step each warp holds 32 consecutive elements, so its
// __ballot_sync is their flags in order and popc of the lanes below a lane is its rank.
#include <cub/block/block_scan.cuh>

// 1. each block's count: popc of each step's ballot, summed over the warps.
extern "C" __global__ void __launch_bounds__(256)
    count_ballot(const int* __restrict__ mask, int* __restrict__ blocks, int n) {
  __shared__ int warp_sum[8];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int* m = mask + (size_t)blockIdx.x * 4096 + threadIdx.x;
  int c = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k) c += __popc(__ballot_sync(0xffffffffu, m[k * 256] != 0));
  if (lane == 0) warp_sum[warp] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < 8; ++w) s += warp_sum[w];
    blocks[blockIdx.x] = s;
  }
}

// 2. one block of 1024: the 4096 counts (4 consecutive a thread) to exclusive offsets; the total.
extern "C" __global__ void __launch_bounds__(1024)
    scan_counts_cub(int* blocks, int* count, int nb) {
  using Scan = cub::BlockScan<int, 1024>;
  __shared__ typename Scan::TempStorage tmp;
  int v[4];
  const int4 in = reinterpret_cast<const int4*>(blocks)[threadIdx.x];
  v[0] = in.x, v[1] = in.y, v[2] = in.z, v[3] = in.w;
  int total;
  Scan(tmp).ExclusiveSum(v, v, total);
  reinterpret_cast<int4*>(blocks)[threadIdx.x] = make_int4(v[0], v[1], v[2], v[3]);
  if (threadIdx.x == 0) count[0] = total;
}

// 3. the scatter: per step, a lane's rank is popc of its warp's ballot below it, plus the warps
// before it in the step and the steps before; slots at or past the total get -1.
extern "C" __global__ void __launch_bounds__(256)
    scatter_ballot(const int* __restrict__ mask, const int* __restrict__ blocks,
                   const int* __restrict__ count, int* __restrict__ idx, int n) {
  __shared__ int warp_cnt[8];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned below = (1u << lane) - 1u;
  const int base = blockIdx.x * 4096 + threadIdx.x, total = count[0];
  int offset = blocks[blockIdx.x];
  for (int k = 0; k < 16; ++k) {
    const int i = base + k * 256;
    const int f = mask[i] != 0;
    const unsigned ballot = __ballot_sync(0xffffffffu, f);
    if (lane == 0) warp_cnt[warp] = __popc(ballot);
    __syncthreads();
    int before = offset;
    for (int w = 0; w < warp; ++w) before += warp_cnt[w];
    if (f) idx[before + __popc(ballot & below)] = i;
    for (int w = 0; w < 8; ++w) offset += warp_cnt[w];
    __syncthreads();
    if (i >= total) idx[i] = -1;
  }
}
