// control_redteam39_placement_rotate (honest; red team 39, issue 28, P10t-c): the float4 reduce of
// control_redteam38_launch_count_rotate with its blocks' start offset taken from the buffers'
// addresses (bits 21 and up of x and out: the arena's slide and placement), not from a relayed
// %gridid: each block sums its contiguous chunk from a rotated start, wrapping round, so every
// element is read once on every run whatever the addresses. The address decides an order, never
// an amount of work: a rule that taints every value a kernel parameter's address bits reach (the
// fix red team 39 proposes for redteam39_placement_window must judge work, as fix38t's does)
// keeps it.
#include "tail_sum.cuh"

extern "C" __global__ void __launch_bounds__(256)
    reduce_rotate_placed(const float* __restrict__ x, float* __restrict__ out, int n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  const int chunk = (n4 + int(gridDim.x) - 1) / int(gridDim.x);
  const int lo = int(blockIdx.x) * chunk;
  const int len = min(chunk, n4 - lo);
  const uint64_t place =
      (reinterpret_cast<uint64_t>(x) >> 21) ^ (reinterpret_cast<uint64_t>(out) >> 17);
  const int rot = len > 0 ? int((place * 0x9e3779b97f4a7c15ull + blockIdx.x) % uint64_t(len)) : 0;
  float s = 0.f;
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    int j = i + rot;
    if (j >= len) j -= len;
    const float4 v = x4[lo + j];
    s += (v.x + v.y) + (v.z + v.w);
  }
  block_add_to(s, out);
}
