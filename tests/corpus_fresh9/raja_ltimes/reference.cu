// float64 reference for corpus_fresh9 raja_ltimes (written for the corpus): one thread per
// (m, g, z) adds sum_d ell[m][d] * psi[z][g][d] to its phi[z][g][m], d in order.
extern "C" __global__ void ltimes_ref(double* phi, const double* ell, const double* psi,
                                      long long nd, long long nm, long long ng, long long nz) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nm * ng * nz) return;
  const long long m = t % nm, g = (t / nm) % ng, z = t / (nm * ng);
  double acc = phi[t];
  for (long long d = 0; d < nd; ++d) acc += ell[m * nd + d] * psi[(z * ng + g) * nd + d];
  phi[t] = acc;
}
