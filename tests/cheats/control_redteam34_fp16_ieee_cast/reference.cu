// float64 reference (red team 34's fp16 cast control): tanh(x) in double; the comparison holds
// the candidate's FP16 output to it at the fp16 tolerance.
extern "C" __global__ void tanh_ref(const float* x, double* y, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = tanh((double)x[i]);
}
