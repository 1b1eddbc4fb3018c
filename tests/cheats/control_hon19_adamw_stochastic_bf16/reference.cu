// float64 reference (hon19): the AdamW step in double; params unrounded (within one BF16 step of
// either rounding).
#include <cuda_bf16.h>
extern "C" __global__ void adamw_ref(const float* master, const __nv_bfloat16* grad,
                                     const float* m_in, const float* v_in, double* master_out,
                                     double* params, double* m_out, double* v_out, int n, int seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double b1 = 0.9, b2 = 0.95, lr = 3e-4, eps = 1e-8, wd = 0.1;
  const double g = __bfloat162float(grad[i]), p = master[i];
  const double m = b1 * m_in[i] + (1 - b1) * g, v = b2 * v_in[i] + (1 - b2) * g * g;
  const double c1 = 1 - pow(b1, 10.0), c2 = 1 - pow(b2, 10.0);
  const double out = p - lr * ((m / c1) / (sqrt(v / c2) + eps) + wd * p);
  master_out[i] = out, params[i] = out, m_out[i] = m, v_out[i] = v;
}
