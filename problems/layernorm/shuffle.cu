// Block per row, two passes as before, but each reduction is a warp-shuffle butterfly plus one
// shared slot per warp: two barriers per reduction instead of log2(BLOCK) + 1.
#define BLOCK 256
#define WARPS (BLOCK / 32)

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// `slot` must differ between consecutive calls (no barrier separates a read from the next write).
__device__ __forceinline__ float block_sum(float v, float* slot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_sum(v);
  if (lane == 0) slot[warp] = v;
  __syncthreads();
  return warp_sum(lane < WARPS ? slot[lane] : 0.0f);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    layernorm_shuffle(const float* x, const float* gamma, const float* beta, float* y, int M,
                      int N, float eps) {
  __shared__ float part[2][WARPS];
  const int tid = threadIdx.x;
  const float* row = x + (size_t)blockIdx.x * N;
  float* out = y + (size_t)blockIdx.x * N;
  float sum = 0.0f;
  for (int c = tid; c < N; c += BLOCK) sum += row[c];
  const float mean = block_sum(sum, part[0]) / N;
  float sq = 0.0f;
  for (int c = tid; c < N; c += BLOCK) {
    const float d = row[c] - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum(sq, part[1]) / N + eps);
  for (int c = tid; c < N; c += BLOCK) out[c] = (row[c] - mean) * rstd * gamma[c] + beta[c];
}
