// float64 reference for corpus problem cs_binomial (written for the corpus)
#define NUM_STEPS 2048
extern "C" __global__ void binomial_ref(double* out, const float* S, const float* X, const float* vDt, const float* pu, const float* pd, int n) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= n) return;
  double c[NUM_STEPS + 1];
  for (int i = 0; i <= NUM_STEPS; i++) { double d = S[o] * exp((double)vDt[o] * (2.0 * i - NUM_STEPS)) - X[o]; c[i] = d > 0 ? d : 0; }
  for (int i = NUM_STEPS; i > 0; --i) for (int j = 0; j < i; ++j) c[j] = (double)pu[o] * c[j + 1] + (double)pd[o] * c[j];
  out[o] = c[0];
}
