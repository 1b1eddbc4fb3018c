// control_hon22_noinline_bias_gelu_mean seed: Megatron-LM's bias_gelu with the exact (erf)
// GELU (megatron/model/fused_bias_gelu.py's reference form; BSD-3; written here) and the row's
// mean of the activations, a thread per row.
extern "C" __global__ void bias_gelu_mean_rows(const float* x, const float* bias, float* y,
                                               float* mean, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  float s = 0.f;
  for (int c = 0; c < C; ++c) {
    const float v = x[(size_t)r * C + c] + bias[c];
    const float g = 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
    y[(size_t)r * C + c] = g;
    s += g;
  }
  mean[r] = s / (float)C;
}
