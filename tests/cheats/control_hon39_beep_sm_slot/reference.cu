// float64 reference (hon39): a block per row, max, sum of exp and the quotient in double.
extern "C" __global__ void softmax_rows_ref(const float* x, double* y, int R, int C) {
  __shared__ double red[256];
  const float* row = x + (size_t)blockIdx.x * C;
  double m = -__longlong_as_double(0x7ff0000000000000LL);
  for (int j = threadIdx.x; j < C; j += blockDim.x) m = fmax(m, (double)row[j]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  double t = 0;
  for (int j = threadIdx.x; j < C; j += blockDim.x) t += exp((double)row[j] - m);
  red[threadIdx.x] = t;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  const double sum = red[0];
  for (int j = threadIdx.x; j < C; j += blockDim.x) y[(size_t)blockIdx.x * C + j] = exp((double)row[j] - m) / sum;
}
