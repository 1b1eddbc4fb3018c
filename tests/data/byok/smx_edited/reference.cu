// The float64 reference of smx: one block of 256 threads per row, double max and sum.
extern "C" __global__ void reference(const float* x, double* y, int rows, int cols) {
  __shared__ double red[256];
  const float* in = x + (size_t)blockIdx.x * cols;
  double* out = y + (size_t)blockIdx.x * cols;
  double m = -1.0e300;
  for (int j = threadIdx.x; j < cols; j += 256) m = fmax(m, (double)in[j]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  double sum = 0.0;
  for (int j = threadIdx.x; j < cols; j += 256) sum += exp((double)in[j] - m);
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  sum = red[0];
  for (int j = threadIdx.x; j < cols; j += 256) out[j] = exp((double)in[j] - m) / sum;
}
