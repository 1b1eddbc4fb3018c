// corpus_fresh4: llmc_encoder_bwd2 -- from karpathy/llm.c, dev/cuda/encoder_backward.cu:
// encoder_backward_kernel2, "naive implementation that parallelizes over C and loops over B,T"
// (the file: "much slower than version 1"), launched ceil_div(C, block_size) x block_size
// license: MIT (Andrej Karpathy); written here in the file's form
// adapted: extern "C"; the kernel body and its launch as in the file
extern "C" __global__ void encoder_backward_kernel2(float* dwte, float* dwpe, const float* dout,
                                                    const int* inp, int B, int T, int C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) {
    return;
  }  // guard
  int BT = B * T;
  for (int i = 0; i < BT; i++) {
    int t = i % T;
    int ix = inp[i];
    float dout_btc = dout[i * C + c];
    dwte[ix * C + c] += dout_btc;
    dwpe[t * C + c] += dout_btc;
  }
}
