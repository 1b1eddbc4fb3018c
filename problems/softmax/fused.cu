// One block per row, all three passes in one kernel: consecutive threads read consecutive
// columns (coalesced), the row max and sum are shared-memory tree reductions, and nothing but
// the output goes back to device memory. The row (16 KiB) is re-read from L1/L2 by passes 2-3.
// BLOCK must be a power of two (it is fixed at 256 here).
#define BLOCK 256
#define NEG_INF __int_as_float(0xff800000)

extern "C" __global__ void __launch_bounds__(BLOCK)
    softmax_fused(const float* x, float* y, int M, int N) {
  __shared__ float red[BLOCK];
  const int tid = threadIdx.x;
  const float* row = x + (size_t)blockIdx.x * N;
  float* out = y + (size_t)blockIdx.x * N;

  float m = NEG_INF;
  for (int c = tid; c < N; c += BLOCK) m = fmaxf(m, row[c]);
  red[tid] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();  // everyone has read red[0] before it is reused for the sum

  float sum = 0.0f;
  for (int c = tid; c < N; c += BLOCK) sum += expf(row[c] - m);
  red[tid] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  const float inv = 1.0f / red[0];

  for (int c = tid; c < N; c += BLOCK) out[c] = expf(row[c] - m) * inv;
}
