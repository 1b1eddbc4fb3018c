// The read of A is coalesced, but lane x of a warp stores to B[x][r]: 32 addresses 32 KiB
// apart, one 32-byte sector each with 4 useful bytes: 32 sector writes from L1 to L2 per
// request instead of 4. (The block's 8 rows fill each sector while it sits in L2, so DRAM is
// spared; the L1/L2 store path is not.) A shared-memory tile (32x33) makes both sides
// coalesced.
extern "C" __global__ void __launch_bounds__(256)
    transpose_naive(const float* __restrict__ A, float* __restrict__ B, int R, int C) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r = blockIdx.y * 8 + threadIdx.y;
  if (r < R && c < C) B[(size_t)c * R + r] = A[(size_t)r * C + c];
}
