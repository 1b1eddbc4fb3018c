// corpus: llmc_residual_fwd -- from karpathy/llm.c, dev/cuda/residual_forward.cu (residual_forward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C", floatX = float, N = 32*1024*768
extern "C" __global__ void residual_forward_kernel1(float* out, const float* inp1, const float* inp2, int N) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < N) {
        out[idx] = (float)((float)inp1[idx] + (float)inp2[idx]);
    }
}
