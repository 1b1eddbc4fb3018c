// Seed: one element per thread, threads along the input's rows (coalesced reads), each write
// ROWS floats away from its neighbour's (one sector per element written).
extern "C" __global__ void tr_naive(const float* in, float* out, int ROWS, int COLS) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < ROWS && c < COLS) out[(size_t)c * ROWS + r] = in[(size_t)r * COLS + c];
}
