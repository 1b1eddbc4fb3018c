// corpus: llmc_matmul_bwd_bias1 -- from karpathy/llm.c, dev/cuda/matmul_backward_bias.cu (matmul_backward_bias_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C", floatX = float; B*T = 8192, OC = 3072, block 256 with 1 KiB dynamic shared memory
extern "C" __global__ void matmul_backward_bias_kernel1(float* dbias, const float* dout, int B, int T, int OC) {
    extern __shared__ float shared[];
    int o = blockIdx.x; // range [0, OC)
    int tid = threadIdx.x; // range [0, block_size)
    int block_size = blockDim.x;
    const float* x = dout + o;
    float sum = 0.0;
    for (int i = tid; i < B * T; i += block_size) {
        sum += (float)x[i * OC];
    }
    shared[tid] = sum;
    __syncthreads();
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] += shared[tid + stride];
        }
    }
    if (tid == 0) {
        dbias[o] = (float)((float)dbias[o] + shared[0]);
    }
}
