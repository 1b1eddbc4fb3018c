// float64 reference for corpus_fresh8 clover_ideal_gas_f64 (written for the corpus): for every
// interior cell (rows and columns 2 .. n + 1 of the (n + 4)^2 padded chunk), p = (gamma - 1) rho e
// and c = sqrt(gamma p / rho) with gamma = 1.4 -- the textbook form of the kernel's
// v^2 (p (gamma - 1) rho + rho p); the halo cells stay zero.
extern "C" __global__ void ideal_gas_ref(const double* rho, const double* e, double* p, double* c,
                                         int n) {
  const long long w = n + 4;
  const long long id = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= w * w) return;
  const long long row = id / w, col = id % w;
  if (row < 2 || row > n + 1 || col < 2 || col > n + 1) return;
  const double pr = 0.4 * rho[id] * e[id];
  p[id] = pr;
  c[id] = sqrt(1.4 * pr / rho[id]);
}
