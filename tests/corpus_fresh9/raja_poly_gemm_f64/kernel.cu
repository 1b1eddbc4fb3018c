// corpus_fresh9: raja_poly_gemm_f64 -- LLNL RAJAPerf, src/polybench/POLYBENCH_GEMM-Cuda.cpp
// (Base_CUDA, poly_gemm<j_block_size, i_block_size>) with POLYBENCH_GEMM_BODY1..4 of
// POLYBENCH_GEMM.hpp: C = alpha A B in FP64, one thread per C element looping over k (C is scaled
// by beta first and then overwritten, as the suite's body does). Blocks of 32 x 8 threads.
// Rewritten for the problem format (see README.md).
#define j_block_size 32
#define i_block_size 8

extern "C" __global__ void __launch_bounds__(j_block_size* i_block_size)
    poly_gemm(double* C, double* A, double* B, double alpha, double beta, long long ni,
              long long nj, long long nk) {
  long long i = (long long)blockIdx.y * i_block_size + threadIdx.y;
  long long j = (long long)blockIdx.x * j_block_size + threadIdx.x;

  if (i < ni && j < nj) {
    double dot = 0.0;
    C[j + i * nj] *= beta;
    for (long long k = 0; k < nk; ++k) {
      dot += alpha * A[k + i * nk] * B[j + k * nj];
    }
    C[j + i * nj] = dot;
  }
}
