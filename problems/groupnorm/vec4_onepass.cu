// float4 accesses and one statistics pass over the group's slice (kernels/layernorm/
// vec4_onepass.cuh). The normalise pass reads x again (partly from L2: ~1000 resident 64 KiB
// slices are about the L2's size). A float4 never straddles channels because HW % 4 == 0.
#define NORM_ENTRY groupnorm_vec4
#define NORM_PARAMS                                                                             \
  const float *__restrict__ x, const float *__restrict__ gamma, const float *__restrict__ beta, \
      float *__restrict__ y, int Nb, int C, int G, int HW, float eps
#define NORM_N len
#define NORM_SETUP                                         \
  const int cpg = C / G, g = blockIdx.x % G;               \
  const int len = cpg * HW, n4 = len / 4, hw4 = HW / 4;    \
  const float* src = x + (size_t)blockIdx.x * len;         \
  const float4* in = reinterpret_cast<const float4*>(src); \
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * len);
#define NORM_APPLY(i)                                                                 \
  {                                                                                   \
    const int c = g * cpg + i / hw4;                                                  \
    const float sc = rstd * gamma[c], sh = beta[c] - mean * sc;                       \
    const float4 v = in[i];                                                           \
    out[i] = make_float4(v.x * sc + sh, v.y * sc + sh, v.z * sc + sh, v.w * sc + sh); \
  }
#include <vec4_onepass.cuh>
