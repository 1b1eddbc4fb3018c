// corpus: llmc_encoder_fwd -- from karpathy/llm.c, dev/cuda/encoder_forward.cu (encoder_forward_kernel2) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C", floatX = float, B=32 T=1024 C=768 V=50257
extern "C" __global__ void encoder_forward_kernel2(float* out,
                               const int* inp, const float* wte, const float* wpe,
                               int B, int T, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int N = B * T * C;
    if (idx < N) {
        int bt = idx / C;
        int b = bt / T;
        int t = bt % T;
        int c = idx % C;
        int ix = inp[b * T + t];
        float* out_btc = out + b * T * C + t * C + c;
        const float* wte_ix = wte + ix * C + c;
        const float* wpe_tc = wpe + t * C + c;
        *out_btc = (float)((float)*wte_ix + (float)*wpe_tc);
    }
}
