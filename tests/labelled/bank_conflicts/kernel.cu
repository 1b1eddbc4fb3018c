// A 32x32 tile is staged in shared memory with no padding (row stride 32 floats = 128 bytes,
// so element [r][c] sits in bank c). In the tap loop lane r of a warp reads tile[r][col] with
// col the same for the whole warp: all 32 lanes hit one bank, and each read replays 32 times.
// 64 such reads per thread against 2 global accesses: the shared-memory pipe, serialised by
// the conflicts, is the limit. tile[32][33] (one float of padding per row) removes them.
#define TAPS 16

extern "C" __global__ void __launch_bounds__(256)
    taps_conflicted(const float* __restrict__ x, float* __restrict__ y, int n) {
  __shared__ float tile[32][32];
  const int lane = threadIdx.x, ty = threadIdx.y;
  const size_t base = (size_t)blockIdx.x * 1024;
#pragma unroll
  for (int q = 0; q < 4; ++q) tile[ty + 8 * q][lane] = x[base + (ty + 8 * q) * 32 + lane];
  __syncthreads();
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const int c = ty + 8 * q;
    float acc = 0.0f;
#pragma unroll
    for (int s = 0; s < TAPS; ++s) acc = fmaf(1.0f / (float)(s + 1), tile[lane][(c + s) & 31], acc);
    y[base + c * 32 + lane] = acc;
  }
}
