// corpus_fresh: llmc_attention_qk1 -- from karpathy/llm.c, dev/cuda/attention_forward.cu (attention_query_key_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; the autoregressive mask writes -FLT_MAX instead of -INFINITY (the
// correctness gate refuses infinities); B=4, T=512, C=768, NH=12.
extern "C" __global__ void attention_query_key_kernel1(float* preatt, const float* inp,
                                           int B, int T, int C, int NH) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total_threads = B * NH * T * T;

    if (idx < total_threads) {
        int t2 = idx % T;
        int t = (idx / T) % T;
        if (t2 > t) {
            // autoregressive mask
            preatt[idx] = -3.402823466e+38f;
            return;
        }
        int h = (idx / (T * T)) % NH;
        int b = idx / (NH * T * T);

        int C3 = C*3;
        int hs = C / NH; // head size
        const float* query_t = inp + b * T * C3 + t * C3 + h * hs;
        const float* key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C; // +C because it's key

        // (query_t) dot (key_t2)
        float val = 0.0f;
        for (int i = 0; i < hs; i++) {
            val += query_t[i] * key_t2[i];
        }
        val *= 1.0 / sqrtf(hs);

        preatt[idx] = val;
    }
}
