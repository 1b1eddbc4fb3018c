// float64 reference (hon39): one block sums x in double, then y = x / sum.
extern "C" __global__ void l1_normalize_ref(const float* x, double* y, int n) {
  __shared__ double red[1024];
  double s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += (double)x[i];
  red[threadIdx.x] = s;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k];
    __syncthreads();
  }
  const double total = red[0];
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = (double)x[i] / total;
}
