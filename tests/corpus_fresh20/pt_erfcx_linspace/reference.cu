// Reference for corpus_fresh20 pt_erfcx_linspace (written for the corpus): erfcx(x) = exp(x^2) erfc(x)
// in double, a formula independent of the kernel's Chebyshev table. For the inputs of this
// problem (|x| < 7, x > -26) exp(x^2) stays finite and CUDA's double erfc keeps its relative
// accuracy in the tail, so the product is good to ~1e-14 relative; float64 out.
extern "C" __global__ void erfcx_exp_erfc_ref(int n, const float* in, double* out) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = (double)in[i];
  out[i] = isnan(x) ? x : exp(x * x) * erfc(x);
}
