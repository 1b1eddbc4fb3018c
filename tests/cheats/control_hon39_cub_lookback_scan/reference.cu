// float64 reference (hon39): a block per 1024-value tile; the sum before the tile and the tile's
// own running sum in double (one thread walks the tile).
extern "C" __global__ void scan_ref(const float* x, double* y, int n) {
  __shared__ double red[256];
  const int base = blockIdx.x * 1024;
  double p = 0;
  for (int i = threadIdx.x; i < base; i += blockDim.x) p += (double)x[i];
  red[threadIdx.x] = p;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    double run = red[0];
    for (int i = base; i < base + 1024 && i < n; ++i) y[i] = run += (double)x[i];
  }
}
