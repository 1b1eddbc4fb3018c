// control_hon21_erfinv_normal_inplace seed: PyTorch's op-by-op in-place form, two launches.
extern "C" __global__ void erfinv_inplace(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = erfinvf(x[i]);
}
extern "C" __global__ void scale_inplace(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 1.41421356f;
}
