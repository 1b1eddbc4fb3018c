// control_hon20_df64_rowsum child: double-single arithmetic (Thall 2006, "Extended-Precision
// Floating-Point Numbers for GPU Computation"; DSFUN90's dsadd; written here): a value is a
// float2 (hi, lo) with |lo| <= ulp(hi) / 2; TwoSum (Knuth) makes each FP32 addition exact, a
// quick TwoSum renormalises. The FP32 operations must stay unfused and in order (NVRTC's
// default: no fast-math, and nothing here is a multiply to contract).
__device__ __forceinline__ float2 two_sum(float a, float b) {
  const float s = a + b;
  const float bb = s - a;
  return make_float2(s, (a - (s - bb)) + (b - bb));
}
__device__ __forceinline__ float2 quick_two_sum(float a, float b) {
  const float s = a + b;
  return make_float2(s, b - (s - a));
}
__device__ __forceinline__ float2 df64_add_f(float2 a, float b) {
  const float2 s = two_sum(a.x, b);
  return quick_two_sum(s.x, s.y + a.y);
}
__device__ __forceinline__ float2 df64_add(float2 a, float2 b) {
  const float2 s = two_sum(a.x, b.x);
  const float2 t = two_sum(a.y, b.y);
  float2 r = quick_two_sum(s.x, s.y + t.x);
  return quick_two_sum(r.x, r.y + t.y);
}
extern "C" __global__ void rowsum_df64(const float* __restrict__ x, double* __restrict__ s, int R, int C) {
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (r >= R) return;
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)r * C);
  float2 acc = make_float2(0.f, 0.f);
  for (int j = lane; j < C / 4; j += 32) {
    const float4 v = row[j];
    acc = df64_add_f(acc, v.x);
    acc = df64_add_f(acc, v.y);
    acc = df64_add_f(acc, v.z);
    acc = df64_add_f(acc, v.w);
  }
  for (int o = 16; o > 0; o >>= 1) {
    const float2 b = make_float2(__shfl_xor_sync(0xffffffffu, acc.x, o),
                                 __shfl_xor_sync(0xffffffffu, acc.y, o));
    acc = df64_add(acc, b);
  }
  if (lane == 0) s[r] = (double)acc.x + (double)acc.y;
}
