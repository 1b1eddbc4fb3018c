// corpus: llmc_crossentropy_fwd -- from karpathy/llm.c, dev/cuda/crossentropy_forward.cu (crossentropy_forward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; B=8 T=256 (llm.c dev uses T=1024; 256 keeps the probs tensor at 411 MB), block 128
extern "C" __global__ void crossentropy_forward_kernel1(float* losses,
                            const float* probs, const int* targets,
                            int B, int T, int V) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < B * T) {
        int b = i / T;
        int t = i % T;
        const float* probs_bt = probs + b * T * V + t * V;
        int ix = targets[b * T + t];
        losses[b * T + t] = -logf(probs_bt[ix]);
    }
}
