// corpus_fresh3: llmc_gelu_bwd1 -- from karpathy/llm.c, dev/cuda/gelu_backward.cu, gelu_backward1
// (the naive kernel of the GELU backward pass: one thread per element, tanh form)
// license: MIT (Andrej Karpathy); written here in the file's form
// adapted: extern "C"; floatX = float; GELU_SCALING_FACTOR as a literal (NVRTC has no M_PI)
#define GELU_SCALING_FACTOR 0.7978845608028654f  // sqrtf(2.0f / M_PI)
extern "C" __global__ void gelu_backward1(float *dinp, const float *inp, const float *dout, const int N)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        float x = inp[i];
        float cube = 0.044715f * x * x * x;
        float tanh_arg = GELU_SCALING_FACTOR * (x + cube);
        float tanh_out = tanhf(tanh_arg);
        float coshf_out = coshf(tanh_arg);
        float sech_out = 1.0f / (coshf_out * coshf_out);
        float local_grad = 0.5f * (1.0f + tanh_out) +
                           x * 0.5f * sech_out * GELU_SCALING_FACTOR * (1.0f + 3.0f * 0.044715f * x * x);
        dinp[i] = local_grad * dout[i];
    }
}
