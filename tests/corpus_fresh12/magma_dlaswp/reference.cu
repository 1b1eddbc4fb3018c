// Reference for corpus_fresh12 magma_dlaswp (written for the corpus): LAPACK dlaswp on a
// row-major panel, rows i1 = 0..npivots-1 exchanged in order with rows ipiv[i1] (the same
// pivot table as the kernel), one column per thread, in float64 (an exact permutation).
__constant__ int dlaswp_ref_ipiv[32] = {517, 93,  801, 3,   622, 1002, 48,  7,    911, 340, 10,
                                        733, 205, 988, 461, 77,  16,   590, 1019, 256, 874, 21,
                                        399, 672, 24,  131, 955, 27,   708, 300,  843, 562};

extern "C" __global__ void dlaswp_ref(int n, int ldda, int npivots, double* dAT) {
  for (long long col = (long long)blockIdx.x * blockDim.x + threadIdx.x; col < n;
       col += (long long)blockDim.x * gridDim.x) {
    for (int i1 = 0; i1 < npivots; ++i1) {
      const long long r1 = (long long)i1 * ldda + col;
      const long long r2 = (long long)dlaswp_ref_ipiv[i1] * ldda + col;
      const double t = dAT[r1];
      dAT[r1] = dAT[r2];
      dAT[r2] = t;
    }
  }
}
