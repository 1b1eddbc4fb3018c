// float64 reference (hon22): the SGD step in double on float64 copies of the in-out buffers.
extern "C" __global__ void sgd_ref(double* p, const float* grad, double* buf, int n, float lr,
                                   float momentum, float wd) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double b = (double)momentum * buf[i] + ((double)grad[i] + (double)wd * p[i]);
  buf[i] = b;
  p[i] = p[i] - (double)lr * b;
}
