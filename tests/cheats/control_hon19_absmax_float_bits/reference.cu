// float64 reference (hon19): max |x|, one block of 1024 threads and a shared-memory tree (a
// single thread over 2^25 values would take seconds).
extern "C" __global__ void absmax_ref(const float* x, double* amax, int n) {
  __shared__ double red[1024];
  double m = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmax(m, fabs((double)x[i]));
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) amax[0] = red[0];
}
