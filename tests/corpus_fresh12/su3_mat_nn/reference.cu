// Reference for corpus_fresh12 su3_mat_nn (written for the corpus): C = A * B for each of the
// four 3 x 3 complex links of every site, B one matrix per link direction, in float64. Complex
// numbers are (real, imag) pairs of doubles; a site is 4 links x 9 elements x 2 doubles.
extern "C" __global__ void su3_mat_nn_ref(int total_sites, const double* a, const double* b,
                                          double* c) {
  const long long n = (long long)total_sites * 36;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < n;
       e += (long long)blockDim.x * gridDim.x) {
    const long long s = e / 36;
    const int j = (int)(e % 36) / 9, k = (int)(e % 9) / 3, l = (int)(e % 3);
    double re = 0, im = 0;
    for (int m = 0; m < 3; ++m) {
      const double* x = a + ((s * 4 + j) * 9 + k * 3 + m) * 2;
      const double* y = b + ((j * 9) + m * 3 + l) * 2;
      re += x[0] * y[0] - x[1] * y[1];
      im += x[0] * y[1] + x[1] * y[0];
    }
    c[e * 2] = re;
    c[e * 2 + 1] = im;
  }
}
