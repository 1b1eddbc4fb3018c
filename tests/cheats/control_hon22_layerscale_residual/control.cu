// control_hon22_layerscale_residual child: the same fused residual, a thread per 4 channels,
// float4 loads and stores (timm's LayerScale; Apache-2.0; written here).
extern "C" __global__ void __launch_bounds__(256)
    layerscale_x4(const float* __restrict__ x, const float* __restrict__ gamma,
                  const float* __restrict__ branch, float* __restrict__ y, int T, int C) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;  // a float4 of y
  if (i >= T * (C / 4)) return;
  const int c4 = i % (C / 4);
  const float4 xv = __ldg(reinterpret_cast<const float4*>(x) + i);
  const float4 bv = __ldg(reinterpret_cast<const float4*>(branch) + i);
  const float4 g = __ldg(reinterpret_cast<const float4*>(gamma) + c4);
  reinterpret_cast<float4*>(y)[i] =
      make_float4(xv.x + g.x * bv.x, xv.y + g.y * bv.y, xv.z + g.z * bv.z, xv.w + g.w * bv.w);
}
