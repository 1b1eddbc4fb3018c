// The seed: a thread per row, four FP32 partial sums over the row's columns in order, added at
// the end (the plainest honest kernel with a little instruction-level parallelism).
extern "C" __global__ void rowsum_thread4(const float* __restrict__ x, float* __restrict__ out,
                                          int R, int L) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= R) return;
  const float* r = x + (size_t)row * L;
  float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
  int c = 0;
  for (; c + 3 < L; c += 4) {
    s0 += r[c];
    s1 += r[c + 1];
    s2 += r[c + 2];
    s3 += r[c + 3];
  }
  for (; c < L; ++c) s0 += r[c];
  out[row] = (s0 + s1) + (s2 + s3);
}
