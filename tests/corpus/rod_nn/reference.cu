// float64 reference for corpus problem rod_nn (written for the corpus)
extern "C" __global__ void nn_ref(const float* loc, double* dist, int n, float lat, float lng) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = (double)lat - loc[2 * i], b = (double)lng - loc[2 * i + 1];
  dist[i] = sqrt(a * a + b * b);
}
