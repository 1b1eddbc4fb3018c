// corpus_fresh9: raja_adi_sweep -- LLNL RAJAPerf, src/polybench/POLYBENCH_ADI-Cuda.cpp (Base_CUDA,
// poly_adi1<block_size>) with POLYBENCH_ADI_BODY2..5 of POLYBENCH_ADI.hpp: the column sweep of
// PolyBench's alternating-direction-implicit solver, one thread per interior column i running the
// tridiagonal forward elimination over j and the back substitution over k in FP64. Rewritten for
// the problem format (see README.md).
#define block_size 256

#define POLYBENCH_ADI_BODY2 \
  V[0 * n + i] = 1.0;       \
  P[i * n + 0] = 0.0;       \
  Q[i * n + 0] = V[0 * n + i];

#define POLYBENCH_ADI_BODY3                                                                       \
  P[i * n + j] = -c / (a * P[i * n + j - 1] + b);                                                 \
  Q[i * n + j] = (-d * U[j * n + i - 1] + (1.0 + 2.0 * d) * U[j * n + i] - f * U[j * n + i + 1] - \
                  a * Q[i * n + j - 1]) /                                                         \
                 (a * P[i * n + j - 1] + b);

#define POLYBENCH_ADI_BODY4 V[(n - 1) * n + i] = 1.0;

#define POLYBENCH_ADI_BODY5 V[k * n + i] = P[i * n + k] * V[(k + 1) * n + i] + Q[i * n + k];

extern "C" __global__ void __launch_bounds__(block_size)
    poly_adi1(const long long n, const double a, const double b, const double c, const double d,
              const double f, double* P, double* Q, double* U, double* V) {
  long long i = 1 + (long long)blockIdx.x * block_size + threadIdx.x;
  if (i < n - 1) {
    POLYBENCH_ADI_BODY2;
    for (long long j = 1; j < n - 1; ++j) {
      POLYBENCH_ADI_BODY3;
    }
    POLYBENCH_ADI_BODY4;
    for (long long k = n - 2; k >= 1; --k) {
      POLYBENCH_ADI_BODY5;
    }
  }
}
