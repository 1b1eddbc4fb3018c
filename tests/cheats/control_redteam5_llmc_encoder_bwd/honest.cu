// control_redteam5_llmc_encoder_bwd seed -- from karpathy/llm.c, dev/cuda/encoder_backward.cu (encoder_backward_kernel2) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; block 256 as the dev harness launches it
// naive implementation that parallelizes over C and loops over B,T
// but it gets rid of atomics
extern "C" __global__ void encoder_backward_kernel2(float* dwte, float* dwpe,
                                        const float* dout, const int* inp,
                                        int B, int T, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) { return; } // guard
    int BT = B * T;
    for (int i = 0; i < BT; i++) {
        int t = i % T;
        int ix = inp[i];
        float dout_btc = dout[i * C + c];
        dwte[ix * C + c] += dout_btc;
        dwpe[t * C + c] += dout_btc;
    }
}
