// corpus_fresh12: magma_dlaswp -- MAGMA (ICL, University of Tennessee), magmablas/dlaswp.cu,
// dlaswp_kernel: LAPACK's row interchanges applied to a row-major (transposed) panel dAT, the
// step of magma_dgetrf_gpu that swaps the trailing matrix's rows after each panel
// factorization. Each thread owns one column and walks the up to MAX_PIVOTS = 32 pivots of one
// launch in order, swapping row i1 with row ipiv[i1]; NTHREADS = 64 threads per block.
// Rewritten for the problem format (see README.md): the by-value dlaswp_params_t
// (npivots, ipiv[MAX_PIVOTS]) as the scalar npivots and a __constant__ pivot table.

#define MAX_PIVOTS 32
#define NTHREADS 64

// One panel's 32 pivots (0-based, relative to the panel's first row; LAPACK's ipiv[i1] >= i1),
// as dgetf2 returns them for a 1024-row panel of a random matrix: mostly far rows, a few
// "no swap" entries.
__constant__ int dlaswp_ipiv[MAX_PIVOTS] = {517, 93,  801, 3,   622, 1002, 48,  7,    911, 340, 10,
                                            733, 205, 988, 461, 77,  16,   590, 1019, 256, 874, 21,
                                            399, 672, 24,  131, 955, 27,   708, 300,  843, 562};

extern "C" __global__ void __launch_bounds__(NTHREADS)
    dlaswp_kernel(int n, double* dAT, int ldda, int npivots) {
  int tid = threadIdx.x + blockDim.x * blockIdx.x;
  if (tid < n) {
    dAT += tid;
    double* A1 = dAT;
    for (int i1 = 0; i1 < npivots; ++i1) {
      int i2 = dlaswp_ipiv[i1];
      double* A2 = dAT + i2 * ldda;
      double temp = *A1;
      *A1 = *A2;
      *A2 = temp;
      A1 += ldda;  // A1 = dA + i1*ldx
    }
  }
}
