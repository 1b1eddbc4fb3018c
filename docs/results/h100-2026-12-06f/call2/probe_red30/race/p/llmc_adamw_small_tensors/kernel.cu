// corpus: llmc_adamw_small_tensors -- from karpathy/llm.c, dev/cuda/adamw.cu (adamw_kernel2) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C", entry renamed adamw_kernel2_small (entry names must be unique in a suite); the launch list stands for a per-tensor optimizer loop: 96 launches over one 768-element tensor (the size of a GPT-2 LayerNorm weight or bias), the reference applies the 96 updates in order
__device__ inline float lerp(float start, float end, float weight) {
    return fma(weight, end, fma(-weight, start, start));
}
extern "C" __global__ void adamw_kernel2_small(float* params_memory, const float* grads_memory, float* m_memory, float* v_memory, long num_parameters,
                              float learning_rate, float beta1, float beta2, float beta1_correction, float beta2_correction, float eps, float weight_decay) {
   int i = blockIdx.x * blockDim.x + threadIdx.x;
   if (i >= num_parameters) return;  // guard
   float grad = grads_memory[i];
   float m = m_memory[i];
   float v = v_memory[i];
   m = lerp(grad, m, beta1);
   m_memory[i] = m;
   v = lerp(grad * grad, v, beta2);
   v_memory[i] = v;
   m /= beta1_correction;  // m_hat
   v /= beta2_correction;  // v_hat
   params_memory[i] -= learning_rate * (m / (sqrtf(v) + eps) + weight_decay * params_memory[i]);
}
