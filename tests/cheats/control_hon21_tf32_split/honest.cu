// control_hon21_tf32_split seed: CUTLASS's software round-to-nearest (ties away) TF32 path on
// the bits, a thread per value, in PyTorch's op-by-op form: two launches.
__device__ float round_tf32(float v) {
  return __uint_as_float((__float_as_uint(v) + 0x1000u) & 0xffffe000u);
}
extern "C" __global__ void round_big(const float* x, float* big, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) big[i] = round_tf32(x[i]);
}
extern "C" __global__ void round_small(const float* x, const float* big, float* small, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) small[i] = round_tf32(x[i] - big[i]);  // exact: big holds x's leading bits
}
