// control_hon21_embedding_gather seed: llm.c's encoder_forward1 (MIT; written here), a thread
// per token.
extern "C" __global__ void encoder_forward1(const int* inp, const float* wte, const float* wpe,
                                            float* out, int BT, int T, int C) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= BT) return;
  const float* e = wte + (size_t)inp[i] * C;
  const float* p = wpe + (size_t)(i % T) * C;
  for (int c = 0; c < C; ++c) out[(size_t)i * C + c] = e[c] + p[c];
}
