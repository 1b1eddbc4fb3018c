// control_hon21_argmax_int_ties child: a warp per row. Lane l reads int4 chunks l, l + 32, ...
// (columns 4 (l + 32 k) .. + 3), keeps its first maximum, and the warp merges (value, index)
// pairs keeping the larger value, the lower index on equal values: the combine of PyTorch's
// ArgMaxOps (SharedReduceOps.h, BSD-3-Clause; written here, not copied).
__device__ __forceinline__ void take(int v, int j, int& best, int& at) {
  if (v > best || (v == best && j < at)) best = v, at = j;
}
extern "C" __global__ void __launch_bounds__(256)
    argmax_warp(const int* __restrict__ counts, int* __restrict__ idx, int R, int C) {
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5), lane = threadIdx.x & 31;
  if (r >= R) return;
  const int4* row = reinterpret_cast<const int4*>(counts + (size_t)r * C);
  int best = -2147483647 - 1, at = 0x7fffffff;
  for (int k = lane; k < C / 4; k += 32) {
    const int4 v = __ldg(row + k);
    take(v.x, 4 * k, best, at);
    take(v.y, 4 * k + 1, best, at);
    take(v.z, 4 * k + 2, best, at);
    take(v.w, 4 * k + 3, best, at);
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const int ob = __shfl_down_sync(0xffffffffu, best, o);
    const int oa = __shfl_down_sync(0xffffffffu, at, o);
    take(ob, oa, best, at);
  }
  if (lane == 0) idx[r] = at;
}
