// control_hon19_adamw_stochastic_bf16 seed: a thread per chunk of 256 consecutive parameters
// (the CPU loop split into chunks): the FP32 update (adamw.cuh), params rounded to the nearest
// BF16.
#include "adamw.cuh"
extern "C" __global__ void adamw_nearest(const float* master, const __nv_bfloat16* grad,
                                         const float* m_in, const float* v_in, float* master_out,
                                         __nv_bfloat16* params, float* m_out, float* v_out, int n,
                                         int seed) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 256; i < n && i < (c + 1) * 256; ++i) {
    const float p = adamw_update(master[i], __bfloat162float(grad[i]), m_in[i], v_in[i],
                                 &m_out[i], &v_out[i]);
    master_out[i] = p;
    params[i] = __float2bfloat16_rn(p);
  }
}
