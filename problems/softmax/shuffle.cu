// One block per row as before, but each reduction is a warp-shuffle butterfly, then one shared
// slot per warp and a second shuffle round: two barriers per reduction instead of log2(BLOCK).
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define NEG_INF __int_as_float(0xff800000)

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    softmax_shuffle(const float* x, float* y, int M, int N) {
  __shared__ float part[2][WARPS];  // separate slots for max and sum: no barrier between uses
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float* row = x + (size_t)blockIdx.x * N;
  float* out = y + (size_t)blockIdx.x * N;

  float m = NEG_INF;
  for (int c = tid; c < N; c += BLOCK) m = fmaxf(m, row[c]);
  m = warp_max(m);
  if (lane == 0) part[0][warp] = m;
  __syncthreads();
  m = warp_max(lane < WARPS ? part[0][lane] : NEG_INF);  // every warp reduces the partials

  float sum = 0.0f;
  for (int c = tid; c < N; c += BLOCK) sum += expf(row[c] - m);
  sum = warp_sum(sum);
  if (lane == 0) part[1][warp] = sum;
  __syncthreads();
  sum = warp_sum(lane < WARPS ? part[1][lane] : 0.0f);
  const float inv = 1.0f / sum;

  for (int c = tid; c < N; c += BLOCK) out[c] = expf(row[c] - m) * inv;
}
