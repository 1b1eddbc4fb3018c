// control_hon21_tf32_split seed: CUTLASS's software round-to-nearest (ties away) TF32 path on
// the bits, a thread per value.
__device__ float round_tf32(float v) {
  return __uint_as_float((__float_as_uint(v) + 0x1000u) & 0xffffe000u);
}
extern "C" __global__ void split_bits(const float* x, float* big, float* small, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float b = round_tf32(x[i]);
  big[i] = b;
  small[i] = round_tf32(x[i] - b);  // exact: b holds x's leading bits
}
