// float64 reference of red team rounds 6 and 7: one block, max |w| in double.
extern "C" __global__ void amax_ref(const float* w, double* amax, int n) {
  __shared__ double m[1024];
  double v = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) v = fmax(v, fabs((double)w[i]));
  m[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) m[threadIdx.x] = fmax(m[threadIdx.x], m[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) amax[0] = m[0];
}
