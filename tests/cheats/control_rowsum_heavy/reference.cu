// float64 reference: one block per row, a double tree in shared memory.
extern "C" __global__ void rowsum_ref(const float* x, double* out, int R, int L) {
  __shared__ double s[256];
  const int row = blockIdx.x;
  double acc = 0.0;
  for (int c = threadIdx.x; c < L; c += blockDim.x) acc += (double)x[(size_t)row * L + c];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[row] = s[0];
}
