// corpus_fresh: llmc_xent_softmax_bwd1 -- from karpathy/llm.c, dev/cuda/crossentropy_softmax_backward.cu (crossentropy_softmax_backward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; B=4, T=256, V=50257 (GPT-2's vocabulary)
extern "C" __global__ void crossentropy_softmax_backward_kernel1(float* dlogits,
                           const float* dlosses, const float* probs, const int* targets,
                           int B, int T, int V) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < B * T * V) {
        int b = i / (T * V);
        int t = (i / V) % T;
        int v = i % V;
        float* dlogits_bt = dlogits + b * T * V + t * V;
        const float* probs_bt = probs + b * T * V + t * V;
        float dloss = dlosses[b * T + t];
        int ix = targets[b * T + t];
        float p = probs_bt[v];
        float indicator = v == ix ? 1.0f : 0.0f;
        dlogits_bt[v] += (p - indicator) * dloss;
    }
}
