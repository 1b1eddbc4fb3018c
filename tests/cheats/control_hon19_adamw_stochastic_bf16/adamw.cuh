// One AdamW step (t = 10, lr 3e-4, betas 0.9 / 0.95, eps 1e-8, weight decay 0.1) in FP32, as
// llm.c writes it (lerp for the moments). Written for hon19.
#pragma once
#include <cuda_bf16.h>
__device__ __forceinline__ float adamw_update(float p, float g, float m0, float v0, float* m_out,
                                              float* v_out) {
  const float b1 = 0.9f, b2 = 0.95f, lr = 3e-4f, eps = 1e-8f, wd = 0.1f;
  const float c1 = 1.0f - 0.34867844f, c2 = 1.0f - 0.59873694f;  // 1 - b1^10, 1 - b2^10
  const float m = fmaf(b1, m0 - g, g);          // lerp(g, m0, b1)
  const float v = fmaf(b2, v0 - g * g, g * g);  // lerp(g^2, v0, b2)
  *m_out = m, *v_out = v;
  return p - lr * ((m / c1) / (sqrtf(v / c2) + eps) + wd * p);
}
