// corpus_fresh9: raja_planckian_f64 -- LLNL RAJAPerf, src/lcals/PLANCKIAN-Cuda.cpp (Base_CUDA,
// planckian<block_size>) with PLANCKIAN_BODY of PLANCKIAN.hpp (Livermore loop 22, Planckian
// distribution): y = u / v, then w = x / (exp(y) - 1), all in FP64. One thread per element,
// block 256. Rewritten for the problem format (see README.md).
#define block_size 256

#define PLANCKIAN_BODY \
  y[i] = u[i] / v[i];  \
  w[i] = x[i] / (exp(y[i]) - 1.0);

extern "C" __global__ void __launch_bounds__(block_size)
    planckian(double* x, double* y, double* u, double* v, double* w, long long iend) {
  long long i = (long long)blockIdx.x * block_size + threadIdx.x;
  if (i < iend) {
    PLANCKIAN_BODY;
  }
}
