// Red team 17's fused-levels seed (redteam17_int_answer_alias, redteam20_fp8_code_relay;
// control_redteam17_fused_levels's until h28y): the blur seed's two launches through an FP32
// scratch image (blur_seed16.cu), then a third launch that writes the 8-bit level floor(256 x)
// of every input pixel into the int32 output `lev`; needs W % 16 == 0.
#include "blur_seed16.cu"
extern "C" __global__ void __launch_bounds__(256)
    levels(const float4* __restrict__ x, int4* __restrict__ lev, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += gridDim.x * blockDim.x) {
    const float4 v = __ldg(x + i);
    lev[i] = make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                       __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
  }
}
