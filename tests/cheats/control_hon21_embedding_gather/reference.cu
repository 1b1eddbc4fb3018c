// float64 reference (hon21): a thread per token, the gathered row plus the position row.
extern "C" __global__ void encoder_ref(const int* inp, const float* wte, const float* wpe,
                                       double* out, int BT, int T, int C) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= BT) return;
  const float* e = wte + (size_t)inp[i] * C;
  const float* p = wpe + (size_t)(i % T) * C;
  for (int c = 0; c < C; ++c) out[(size_t)i * C + c] = (double)e[c] + (double)p[c];
}
