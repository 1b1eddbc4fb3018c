// control_hon20_kahan_rowsum child: a warp per row; each lane runs Kahan's loop (Kahan 1965)
// over its float4s, then the lanes' (sum, compensation) pairs are merged by Knuth's TwoSum
// (s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb); Ogita-Rump-Oishi 2005) over
// butterfly shuffles. The arithmetic must not be reassociated: NVRTC keeps IEEE order (no
// fast-math). Written here.
__device__ __forceinline__ void kahan_add(float& sum, float& c, float v) {
  const float y = v - c;
  const float t = sum + y;
  c = (t - sum) - y;
  sum = t;
}
__device__ __forceinline__ float two_sum(float a, float b, float& err) {
  const float s = a + b;
  const float bb = s - a;
  err = (a - (s - bb)) + (b - bb);
  return s;
}
extern "C" __global__ void rowsum_kahan_warp(const float* __restrict__ x, float* __restrict__ s,
                                             int R, int C) {
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (r >= R) return;
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)r * C);
  float sum = 0.f, c = 0.f;
  for (int j = lane; j < C / 4; j += 32) {
    const float4 v = __ldg(row + j);
    kahan_add(sum, c, v.x);
    kahan_add(sum, c, v.y);
    kahan_add(sum, c, v.z);
    kahan_add(sum, c, v.w);
  }
  float comp = -c;  // Kahan's c is the negated error still owed to the sum
  for (int o = 16; o > 0; o >>= 1) {
    const float os = __shfl_xor_sync(0xffffffffu, sum, o);
    const float oc = __shfl_xor_sync(0xffffffffu, comp, o);
    float e;
    sum = two_sum(sum, os, e);
    comp = comp + oc + e;
  }
  if (lane == 0) s[r] = sum + comp;
}
