// float64 reference for corpus problem rod_nw (written for the corpus)
extern "C" __global__ void nw_ref(const int* ref, double* m, int cols, int penalty, int i) {
  int bx = blockIdx.x * blockDim.x + threadIdx.x;
  if (bx >= i) return;
  int by = i - 1 - bx;
  long base = (long)cols * 32 * by + 32 * bx;  // the tile's north-west corner
  for (int r = 1; r <= 32; r++)
    for (int c = 1; c <= 32; c++) {
      long p = base + (long)r * cols + c;
      int nw = (int)m[p - cols - 1] + ref[p], w = (int)m[p - 1] - penalty, n = (int)m[p - cols] - penalty;
      m[p] = max(max(nw, w), n);
    }
}
