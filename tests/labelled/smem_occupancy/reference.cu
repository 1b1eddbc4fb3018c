// Reference: the reversal, element by element, straight from global memory.
extern "C" __global__ void reverse_ref(const float* x, double* y, int C, int NB) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long long)C * NB) return;
  const long long b = i / C, k = i % C;
  y[i] = (double)x[b * C + (C - 1 - k)];
}
