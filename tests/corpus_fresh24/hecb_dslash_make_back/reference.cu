// Reference for corpus_fresh24 hecb_dslash_make_back (written for the corpus): a thread an even
// site (256-thread blocks), for each direction the conjugate transpose of the fat link of the
// one-step backward neighbour and of the long link of the three-step one, each a 3 x 3 complex
// matrix stored as 18 floats (row-major, real and imaginary parts interleaved).
extern "C" __global__ void make_back_ref(const float* fat, const float* lng,
                                         const unsigned long long* bck,
                                         const unsigned long long* bck3, double* fatbck,
                                         double* lngbck, int even_sites) {
  const long long s = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= even_sites) return;
  for (int dir = 0; dir < 4; ++dir) {
    const float* a = fat + (4 * (long long)bck[4 * s + dir] + dir) * 18;
    const float* b = lng + (4 * (long long)bck3[4 * s + dir] + dir) * 18;
    double* fa = fatbck + (4 * s + dir) * 18;
    double* la = lngbck + (4 * s + dir) * 18;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        fa[(i * 3 + j) * 2] = a[(j * 3 + i) * 2];
        fa[(i * 3 + j) * 2 + 1] = -a[(j * 3 + i) * 2 + 1];
        la[(i * 3 + j) * 2] = b[(j * 3 + i) * 2];
        la[(i * 3 + j) * 2 + 1] = -b[(j * 3 + i) * 2 + 1];
      }
    }
  }
}
