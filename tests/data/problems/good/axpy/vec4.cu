// 16-byte accesses: needs n % 4 == 0 (the variant's `requires`).
extern "C" __global__ void __launch_bounds__(BLOCK) axpy_vec4(const float* x, const float* y,
                                                              float* out, float alpha, int n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const float4* y4 = reinterpret_cast<const float4*>(y);
  float4* o4 = reinterpret_cast<float4*>(out);
  int base = (blockIdx.x * BLOCK * ITEMS) + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = base + k * BLOCK;
    if (i < n / 4) {
      float4 a = x4[i], b = y4[i];
      o4[i] = make_float4(alpha * a.x + b.x, alpha * a.y + b.y, alpha * a.z + b.z,
                          alpha * a.w + b.w);
    }
  }
}
