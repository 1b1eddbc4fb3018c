// float64 reference for corpus_fresh10 pbacc_bicg_kernel1 (written for the corpus): s[j] = sum_i
// r[i] A[i][j] in double, one thread per column.
extern "C" __global__ void bicg_s_ref(int nx, int ny, const float* A, const float* r, double* s) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny) {
    double acc = 0.0;
    for (int i = 0; i < nx; i++) acc += (double)r[i] * (double)A[(long long)i * ny + j];
    s[j] = acc;
  }
}
