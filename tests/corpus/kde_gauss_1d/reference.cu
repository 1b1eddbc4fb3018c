// float64 reference for corpus problem kde_gauss_1d (written for the corpus)
extern "C" __global__ void kde_ref(double* dens, const float* q, const float* x, int nq, int nx, float c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nq) return;
  double s = 0;
  for (int j = 0; j < nx; ++j) { double d = (double)q[i] - x[j]; s += exp(-(double)c * d * d); }
  dens[i] = s;
}
