// 132 blocks of 4 warps: every SM gets one block, every scheduler one warp, so the grid is not
// small in the sense of idle SMs. But each warp's next FMA needs the previous one's result
// (4-cycle latency) and no other warp is there to issue in between: each scheduler issues
// about one instruction every 4 cycles. Several independent chains per thread (ILP) or more
// warps per scheduler would fill the slots.
extern "C" __global__ void __launch_bounds__(128)
    chain_one(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = x[i];
  float v = 0.0f;
#pragma unroll 16
  for (int s = 0; s < 65536; ++s) v = fmaf(v, a, 0.5f);
  y[i] = v;
}
