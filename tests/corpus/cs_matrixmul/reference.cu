// float64 reference for corpus problem cs_matrixmul (written for the corpus)
extern "C" __global__ void mm_ref(double* C, const float* A, const float* B, int hA, int wA, int wB) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= wB || y >= hA) return;
  double s = 0; for (int k = 0; k < wA; k++) s += (double)A[(long)y * wA + k] * B[(long)k * wB + x];
  C[(long)y * wB + x] = s;
}
