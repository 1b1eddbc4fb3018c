// float64 reference for corpus_fresh3 problem rod_lud_internal (written for the corpus): for every
// row and column past the first 16 (offset 0), m[r][c] -= sum_{i<16} m[r][i] * m[i][c]; the panels
// (rows 0..15, columns 0..15) are only read, so updating in place is race-free. The inout buffer
// arrives as double holding its input.
extern "C" __global__ void lud_internal_ref(double* m, int dim, int offset) {
  long c = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long r = (long)blockIdx.y * blockDim.y + threadIdx.y;
  if (r < offset + 16 || c < offset + 16 || r >= dim || c >= dim) return;
  double s = 0;
  for (int i = 0; i < 16; ++i) s += m[r * dim + offset + i] * m[(long)(offset + i) * dim + c];
  m[r * dim + c] -= s;
}
