// Reference: the same copy into double.
extern "C" __global__ void transpose_ref(const float* A, double* B, int R, int C) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r = blockIdx.y * 8 + threadIdx.y;
  if (r < R && c < C) B[(size_t)c * R + r] = (double)A[(size_t)r * C + c];
}
