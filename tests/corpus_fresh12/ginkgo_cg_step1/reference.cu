// Reference for corpus_fresh12 ginkgo_cg_step1 (written for the corpus): p = z + (rho / prev_rho) p
// (p = z where prev_rho is 0) for one right-hand side that has not stopped, in float64.
extern "C" __global__ void cg_step1_ref(long long n, const double* z, const double* rho,
                                        const double* prev_rho, double* p) {
  const double t = rho[0] / prev_rho[0];
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x)
    p[i] = prev_rho[0] == 0.0 ? z[i] : z[i] + t * p[i];
}
