// control_redteam5_llmc_encoder_bwd child -- from karpathy/llm.c, dev/cuda/encoder_backward.cu (encoder_backward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; block 256

// naive implementation with atomics
extern "C" __global__ void encoder_backward_kernel1(float* dwte, float* dwpe,
                                        const float* dout, const int* inp,
                                        int B, int T, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int N = B * T * C;

    if (idx < N) {
        int bt = idx / C;
        int b = bt / T;
        int t = bt % T;
        int c = idx % C;

        int ix = inp[b * T + t];

        const float* dout_btc = dout + b * T * C + t * C + c;
        float* dwte_ix = dwte + ix * C + c;
        float* dwpe_tc = dwpe + t * C + c;

        atomicAdd(dwte_ix, *dout_btc);
        atomicAdd(dwpe_tc, *dout_btc);
    }
}
