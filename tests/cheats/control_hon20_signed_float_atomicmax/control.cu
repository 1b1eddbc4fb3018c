// control_hon20_signed_float_atomicmax child: the two-branch atomic max on float bits (Stack
// Overflow 17399119, CC BY-SA; written here): non-negative floats order as their int bits
// (atomicMax on int), negative floats in reverse of their unsigned bits (atomicMin on unsigned).
extern "C" __global__ void fill_neg_inf(float* cmax, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < C) cmax[c] = __int_as_float(0xff800000);
}
__device__ __forceinline__ void atomic_max_float(float* addr, float v) {
  if (v >= 0.0f)
    atomicMax(reinterpret_cast<int*>(addr), __float_as_int(v));
  else
    atomicMin(reinterpret_cast<unsigned int*>(addr), __float_as_uint(v));
}
extern "C" __global__ void colmax_atomic_bits(const float* __restrict__ x, float* cmax, int R, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r0 = blockIdx.y * 128;
  if (c >= C) return;
  float m = __int_as_float(0xff800000);
  const int r1 = min(r0 + 128, R);
  for (int r = r0; r < r1; ++r) m = fmaxf(m, x[(size_t)r * C + c]);
  atomic_max_float(&cmax[c], m);
}
