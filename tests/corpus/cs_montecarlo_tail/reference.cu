// float64 reference for corpus problem cs_montecarlo_tail (written for the corpus)
extern "C" __global__ void mc_ref(double* out, const float* S, const float* X, const float* Mu, const float* V, const float* z, int optN, int pathN) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= optN) return;
  double s = 0;
  for (int i = 0; i < pathN; i++) { double c = S[o] * exp((double)Mu[o] + (double)V[o] * z[i]) - X[o]; s += c > 0 ? c : 0; }
  out[o] = s / pathN;
}
