// control_redteam5_llmc_online_softmax seed -- tests/corpus/llmc_softmax_fwd1/kernel.cu: from karpathy/llm.c, dev/cuda/softmax_forward.cu (softmax_forward_kernel1) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; -INFINITY written as -CUDART_INF_F; N = B*NH*T = 4*12*1024 rows of C = 1024, block 256
#include <math_constants.h>
extern "C" __global__ void softmax_forward_kernel1(float* out, const float* inp, int N, int C) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        const float* inp_row = inp + i * C;
        float* out_row = out + i * C;
        float maxval = -CUDART_INF_F;
        for (int j = 0; j < C; j++) {
            if (inp_row[j] > maxval) {
                maxval = inp_row[j];
            }
        }
        double sum = 0.0;
        for (int j = 0; j < C; j++) {
            out_row[j] = expf(inp_row[j] - maxval);
            sum += out_row[j];
        }
        for (int j = 0; j < C; j++) {
            out_row[j] /= (float)sum;
        }
    }
}
