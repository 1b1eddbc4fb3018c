// reference (hon21): TF32 rounding, nearest with ties away from zero, on the float's bits (the
// 13 low mantissa bits dropped after adding half of them to the magnitude), and x - big exactly.
__device__ float tf32_rna(float v) {
  return __uint_as_float((__float_as_uint(v) + 0x1000u) & 0xffffe000u);
}
extern "C" __global__ void split_ref(const float* x, double* big, double* small, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float b = tf32_rna(x[i]);
  big[i] = b;
  small[i] = tf32_rna((float)((double)x[i] - (double)b));
}
