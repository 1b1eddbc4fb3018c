// float64 reference for corpus_fresh10 pbacc_fdtd_hz (written for the corpus): the same update,
// one thread per cell, in double; the last row and column of hz are left as they were.
extern "C" __global__ void fdtd_hz_ref(int nx, int ny, const float* ex, const float* ey,
                                       double* hz) {
  long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long i = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx - 1 && j < ny - 1) {
    const long long c = i * ny + j;
    const double d = (double)ex[c + 1] - (double)ex[c] + (double)ey[c + ny] - (double)ey[c];
    hz[c] = hz[c] - 0.7 * d;
  }
}
