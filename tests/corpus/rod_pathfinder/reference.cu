// float64 reference for corpus problem rod_pathfinder (written for the corpus)
extern "C" __global__ void pathfinder_ref(const int* wall, const int* src, double* out, int cols, int rows) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= cols) return;
  int v[41], w[41];
  for (int k = 0; k < 41; k++) { int c = min(max(x - 20 + k, 0), cols - 1); v[k] = src[c]; }
  for (int r = 0; r < rows; r++) {
    for (int k = 0; k < 41; k++) {
      int c = x - 20 + k;
      if (c < 0 || c >= cols) { w[k] = v[k]; continue; }
      int l = (c == 0) ? v[k] : v[k - (k > 0)], m = v[k], rr = (c == cols - 1) ? v[k] : v[k + (k < 40)];
      w[k] = min(min(l, m), rr) + wall[(long)r * cols + c];
    }
    for (int k = 0; k < 41; k++) v[k] = w[k];
  }
  out[x] = v[20];
}
