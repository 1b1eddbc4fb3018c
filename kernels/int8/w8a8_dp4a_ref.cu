// float64 reference of control_redteam10_dp4a_w8a8_tiles and control_redteam11_dp4a_scale_skip:
// C[m][n] = sa[m] sb[n] sum_k
// A[m][k] B[n][k], the int8 values unpacked from their words (little-endian bytes), in double.
extern "C" __global__ void w8a8_ref(const int* A, const int* B, const float* sa, const float* sb,
                                    double* C, int M, int N, int K4) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  long long s = 0;
  for (int w = 0; w < K4; ++w) {
    const unsigned a = (unsigned)A[(size_t)m * K4 + w], b = (unsigned)B[(size_t)n * K4 + w];
    for (int q = 0; q < 4; ++q)
      s += (long long)(signed char)(a >> 8 * q) * (long long)(signed char)(b >> 8 * q);
  }
  C[(size_t)m * N + n] = (double)sa[m] * (double)sb[n] * (double)s;
}
