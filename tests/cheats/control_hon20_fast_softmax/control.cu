// control_hon20_fast_softmax child in the shape of FasterTransformer's / TensorRT-LLM's softmax
// kernels (NVIDIA, Apache-2.0; written here): a block per row, the row in registers, block max
// and sum by warp shuffles and shared memory, __expf (ex2.approx), one __frcp_rn a row and
// multiplies.
constexpr int T = 256, PER = 16;  // C = T * PER
__device__ __forceinline__ float block_reduce(float v, bool is_max, float* sh) {
  for (int o = 16; o > 0; o >>= 1) {
    const float u = __shfl_xor_sync(0xffffffffu, v, o);
    v = is_max ? fmaxf(v, u) : v + u;
  }
  if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
  __syncthreads();
  v = sh[threadIdx.x & 7];
  for (int o = 4; o > 0; o >>= 1) {
    const float u = __shfl_xor_sync(0xffffffffu, v, o);
    v = is_max ? fmaxf(v, u) : v + u;
  }
  __syncthreads();
  return v;
}
extern "C" __global__ void __launch_bounds__(T) softmax_fast(const float* __restrict__ x,
                                                            float* __restrict__ y, int R, int C) {
  __shared__ float sh[8];
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * C);
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * C);
  float4 v[PER / 4];
  float m = __int_as_float(0xff800000);
#pragma unroll
  for (int k = 0; k < PER / 4; ++k) {
    v[k] = row[threadIdx.x + k * T];
    m = fmaxf(m, fmaxf(fmaxf(v[k].x, v[k].y), fmaxf(v[k].z, v[k].w)));
  }
  m = block_reduce(m, true, sh);
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < PER / 4; ++k) {
    v[k].x = __expf(v[k].x - m);
    v[k].y = __expf(v[k].y - m);
    v[k].z = __expf(v[k].z - m);
    v[k].w = __expf(v[k].w - m);
    s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  }
  s = block_reduce(s, false, sh);
  const float inv = __frcp_rn(s);
#pragma unroll
  for (int k = 0; k < PER / 4; ++k)
    out[threadIdx.x + k * T] = make_float4(v[k].x * inv, v[k].y * inv, v[k].z * inv, v[k].w * inv);
}
