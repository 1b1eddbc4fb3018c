// float64 reference (hon20): the seed's loop in double.
extern "C" __global__ void segscan_ref(const float* x, const int* head, double* y, int R, int L) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  double run = 0;
  for (int j = 0; j < L; ++j) {
    const size_t i = (size_t)r * L + j;
    run = head[i] ? (double)x[i] : run + (double)x[i];
    y[i] = run;
  }
}
