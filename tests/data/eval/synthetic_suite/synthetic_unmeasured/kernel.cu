// Synthetic eval fixture: a copy kernel; the labels are about the synthetic signal files.
extern "C" __global__ void synthetic_unmeasured_k(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
extern "C" __global__ void synthetic_unmeasured_ref(const float* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
