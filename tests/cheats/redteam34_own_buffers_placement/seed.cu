// Copied from problems/softmax/naive.cu (this repository), unchanged below this line: both the
// seed and the child of redteam34_own_buffers_placement run it.
// Seed: three kernels (row max, row sum of exp, normalise), one thread per row. The lanes of a
// warp walk 32 different rows, N floats apart, so every load is uncoalesced; only M/128 blocks
// exist, and the row max and sum round-trip through device memory between launches.
#define NEG_INF __int_as_float(0xff800000)

extern "C" __global__ void softmax_row_max(const float* x, float* rmax, int M, int N) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M) return;
  const float* row = x + (size_t)r * N;
  float m = NEG_INF;
  for (int c = 0; c < N; ++c) m = fmaxf(m, row[c]);
  rmax[r] = m;
}

extern "C" __global__ void softmax_row_sum(const float* x, const float* rmax, float* rsum, int M,
                                           int N) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M) return;
  const float* row = x + (size_t)r * N;
  const float m = rmax[r];
  float s = 0.0f;
  for (int c = 0; c < N; ++c) s += expf(row[c] - m);
  rsum[r] = s;
}

extern "C" __global__ void softmax_normalize(const float* x, const float* rmax, const float* rsum,
                                             float* y, int M, int N) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M) return;
  const float* row = x + (size_t)r * N;
  float* out = y + (size_t)r * N;
  const float m = rmax[r];
  const float inv = 1.0f / rsum[r];
  for (int c = 0; c < N; ++c) out[c] = expf(row[c] - m) * inv;
}
