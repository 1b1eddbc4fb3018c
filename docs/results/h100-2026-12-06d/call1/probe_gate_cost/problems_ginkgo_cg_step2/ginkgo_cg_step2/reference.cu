// Reference for corpus_fresh12 ginkgo_cg_step2 (written for the corpus): x += (rho / beta) p and
// r -= (rho / beta) q (nothing where beta is 0) for one right-hand side that has not stopped,
// in float64.
extern "C" __global__ void cg_step2_ref(long long n, const double* p, const double* q,
                                        const double* beta, const double* rho, double* x,
                                        double* r) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x) {
    if (beta[0] != 0.0) {
      const double t = rho[0] / beta[0];
      x[i] += t * p[i];
      r[i] -= t * q[i];
    }
  }
}
