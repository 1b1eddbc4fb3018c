// corpus: llmc_gelu_fwd -- from karpathy/llm.c, dev/cuda/gelu_forward.cu (gelu_forward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C", floatX = float, GELU_SCALING_FACTOR written as its value (no M_PI in NVRTC), N = 16*1024*3072
#define GELU_SCALING_FACTOR 0.7978845608028654f  // sqrtf(2.0f / M_PI)
extern "C" __global__ void gelu_forward_kernel1(float* out, const float* inp, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        float xi = inp[i];
        float cube = 0.044715f * xi * xi * xi;
        out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
    }
}
