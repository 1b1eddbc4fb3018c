// control_hon19_mx_block_exponent seed: per block of 32 values, e = frexpf's exponent of the
// absmax (absmax = m 2^e, m in [0.5, 1)), each value scaled by 2^(7 - e) (|x| 2^(7-e) < 128),
// rounded to nearest even, clamped to [-127, 127]. An all-zero block gets e = 0, q = 0.
extern "C" __global__ void mx_frexp(const float* x, int* q, int* e, int n) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n / 32) return;
  const float* v = x + (size_t)b * 32;
  float m = 0.f;
  for (int i = 0; i < 32; ++i) m = fmaxf(m, fabsf(v[i]));
  int ex = 0;
  frexpf(m, &ex);
  e[b] = ex;
  for (int i = 0; i < 32; ++i) {
    float s = rintf(ldexpf(v[i], 7 - ex));
    q[(size_t)b * 32 + i] = (int)fminf(127.f, fmaxf(-127.f, s));
  }
}
