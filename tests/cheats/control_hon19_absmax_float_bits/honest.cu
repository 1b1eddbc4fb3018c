// control_hon19_absmax_float_bits seed: one block strides over the tensor; max of |x| by a
// shared-memory tree; thread 0 stores it.
extern "C" __global__ void absmax_one_block(const float* x, float* amax, int n) {
  __shared__ float red[1024];
  float m = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmaxf(m, fabsf(x[i]));
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) amax[0] = red[0];
}
