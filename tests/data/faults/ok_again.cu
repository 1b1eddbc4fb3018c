// Correct: grid-stride loop, two elements per thread. The candidate the loop measures after
// every fault variant has been tried.
extern "C" __global__ void faults_ok_again(const float* x, const double* a, const double* w, const double* b,
                                           float* y, int n) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
}
