// The seed of red teams 10-11's W8A8 dp4a controls (tests/cheats/control_redteam10_dp4a_w8a8_tiles,
// control_redteam11_dp4a_scale_skip): one output a thread, the bytes of every word
// unpacked and multiplied one by one into an int32 sum, then scaled.
extern "C" __global__ void w8a8_naive(const int* A, const int* B, const float* sa, const float* sb,
                                      float* C, int M, int N, int K4) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  int s = 0;
  for (int w = 0; w < K4; ++w) {
    const unsigned a = (unsigned)A[(size_t)m * K4 + w], b = (unsigned)B[(size_t)n * K4 + w];
#pragma unroll
    for (int q = 0; q < 4; ++q)
      s += (int)(signed char)(a >> 8 * q) * (int)(signed char)(b >> 8 * q);
  }
  C[(size_t)m * N + n] = (float)s * sa[m] * sb[n];
}
