// float64 reference (tests/corpus/bg_spmv_csr_scalar/reference.cu, written for the corpus)
extern "C" __global__ void spmv_scalar_ref(int rows, const int* ptr, const int* idx, const float* data, const float* x, double* y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  double s = 0; for (int j = ptr[r]; j < ptr[r + 1]; j++) s += (double)data[j] * x[idx[j]];
  y[r] = s;
}
