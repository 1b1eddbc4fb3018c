// Float64 reference: one block per (batch, vector), one thread per output row.
extern "C" __global__ void bmv_ref(const float* A, const float* X, double* Y, int B, int V) {
  const int b = blockIdx.x, v = blockIdx.y, t = threadIdx.x;
  const float* row = A + ((size_t)b * 64 + t) * 64;
  const float* x = X + ((size_t)b * V + v) * 64;
  double acc = 0.0;
  for (int k = 0; k < 64; ++k) acc += (double)row[k] * (double)x[k];
  Y[((size_t)b * V + v) * 64 + t] = acc;
}
