// control_redteam6_llmc_bias_accum seed -- from karpathy/llm.c, dev/cuda/matmul_backward_bias.cu (matmul_backward_bias_kernel1) @ f1e2ace
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; floatX is float

extern "C" __global__ void matmul_backward_bias_kernel1(float* dbias, const float* dout, int B, int T, int OC) {
    extern __shared__ float shared[];
    int o = blockIdx.x; // range [0, OC)
    int tid = threadIdx.x; // range [0, block_size)
    int block_size = blockDim.x;
    const float* x = dout + o;
    // thread coarsening
    float sum = 0.0;
    for (int i = tid; i < B * T; i += block_size) {
        sum += (float)x[i * OC];
    }
    shared[tid] = sum;
    __syncthreads();
    // reductions
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] += shared[tid + stride];
        }
    }
    // write the final result (at thread 0) to global memory
    if (tid == 0) {
        dbias[o] = (float)((float)dbias[o] + shared[0]);
    }
}
