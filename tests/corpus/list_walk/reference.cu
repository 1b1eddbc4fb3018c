// float64 reference for corpus problem list_walk (written for the corpus)
extern "C" __global__ void walk_ref(const int* next, const float* val, double* sum, int n, int W, int S) {
  int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= W) return;
  int node = (int)(((long long)w * n) / W);
  double s = 0;
  for (int k = 0; k < S; ++k) { s += val[node]; node = next[node]; }
  sum[w] = s;
}
