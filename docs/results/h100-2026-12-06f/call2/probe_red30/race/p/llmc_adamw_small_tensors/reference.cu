// float64 reference for corpus problem llmc_adamw_small_tensors (written for the corpus)
#define STEPS 96

extern "C" __global__ void adamw_small_ref(double* p, const float* g, double* m, double* v, long n, float lr, float b1, float b2, float c1, float c2, float eps, float wd) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double P = p[i], M = m[i], V = v[i], G = g[i];
  for (int s = 0; s < STEPS; ++s) {
    M = (double)b1 * M + (1.0 - (double)b1) * G;
    V = (double)b2 * V + (1.0 - (double)b2) * G * G;
    P -= (double)lr * ((M / c1) / (sqrt(V / c2) + (double)eps) + (double)wd * P);
  }
  p[i] = P; m[i] = M; v[i] = V;
}
