// Float64 reference: out[c][r] = in[r][c], one element per thread (a copy is exact).
extern "C" __global__ void tr_ref(const float* in, double* out, int ROWS, int COLS) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < ROWS && c < COLS) out[(size_t)c * ROWS + r] = (double)in[(size_t)r * COLS + c];
}
