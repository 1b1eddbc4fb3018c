// Seed: the formula as written, one output per thread with j the fastest thread index. a is
// the same address across a warp (a broadcast), but the 32 lanes' b[j,k,c] are L*C floats
// apart: 32 sectors per load instruction, 4 useful bytes in each.
extern "C" __global__ void triangle_naive(const float* a, const float* b, float* out, int L,
                                          int C) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y, c = blockIdx.z;
  if (j >= L) return;
  float acc = 0.0f;
  for (int k = 0; k < L; ++k) acc += a[((size_t)i * L + k) * C + c] * b[((size_t)j * L + k) * C + c];
  out[((size_t)i * L + j) * C + c] = acc;
}
