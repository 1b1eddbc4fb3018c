// float4 accesses and ONE statistics pass (kernels/layernorm/vec4_onepass.cuh): a shifted sum
// and sum of squares per thread, reduced together by warp shuffles; then a float4 normalise pass
// with float4 gamma/beta. BLOCK is a knob; requires N % 4 == 0.
#define NORM_ENTRY layernorm_vec4
#define NORM_PARAMS                                                                             \
  const float *__restrict__ x, const float *__restrict__ gamma, const float *__restrict__ beta, \
      float *__restrict__ y, int M, int N, float eps
#define NORM_N N
#define NORM_SETUP                                                     \
  const float* src = x + (size_t)blockIdx.x * N;                       \
  const float4* in = reinterpret_cast<const float4*>(src);             \
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * N); \
  const float4* g4 = reinterpret_cast<const float4*>(gamma);           \
  const float4* b4 = reinterpret_cast<const float4*>(beta);            \
  const int n4 = N / 4;
#define NORM_APPLY(c)                                                                       \
  {                                                                                         \
    const float4 v = in[c], g = g4[c], b = b4[c];                                           \
    out[c] = make_float4((v.x - mean) * rstd * g.x + b.x, (v.y - mean) * rstd * g.y + b.y,  \
                         (v.z - mean) * rstd * g.z + b.z, (v.w - mean) * rstd * g.w + b.w); \
  }
#include <vec4_onepass.cuh>
