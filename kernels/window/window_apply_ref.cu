// float64 reference of window_apply.cu: y = x * w in double, w from kaiser_hann.cuh.
#include <kaiser_hann.cuh>
extern "C" __global__ void window_apply_ref(const float* x, double* y, int n) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    y[i] = (double)x[i] * kh_window(i, n);
}
