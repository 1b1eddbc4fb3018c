// corpus_fresh9: raja_ltimes -- LLNL RAJAPerf, src/apps/LTIMES-Cuda.cpp (Base_CUDA, ltimes<...>)
// with LTIMES_BODY of LTIMES.hpp: the discrete-ordinates "L times psi" product of a transport
// sweep, phi(z, g, m) += ell(m, d) * psi(z, g, d) summed over d inside each thread. One thread per
// (m, g, z) in 32 x 4 x 2 blocks (block_size 256: m_block_sz 32, g and z the squarest factor
// pair of 8). Rewritten for the problem format (see README.md).
#define m_block_size 32
#define g_block_size 4
#define z_block_size 2

#define LTIMES_BODY                                \
  phidat[m + (g * num_m) + (z * num_m * num_g)] += \
      elldat[d + (m * num_d)] * psidat[d + (g * num_d) + (z * num_d * num_g)];

extern "C" __global__ void __launch_bounds__(m_block_size* g_block_size* z_block_size)
    ltimes(double* phidat, double* elldat, double* psidat, long long num_d, long long num_m,
           long long num_g, long long num_z) {
  long long m = (long long)blockIdx.x * m_block_size + threadIdx.x;
  long long g = (long long)blockIdx.y * g_block_size + threadIdx.y;
  long long z = (long long)blockIdx.z * z_block_size + threadIdx.z;

  if (m < num_m && g < num_g && z < num_z) {
    for (long long d = 0; d < num_d; ++d) {
      LTIMES_BODY;
    }
  }
}
