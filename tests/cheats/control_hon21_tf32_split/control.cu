// control_hon21_tf32_split child: CUTLASS's NumericConverter<tfloat32_t, float,
// round_to_nearest> (cvt.rna.tf32.f32; BSD-3-Clause, written here), float4 in and out. The
// converter's result keeps the float layout; its 13 low bits are cleared as tfloat32_t's
// storage holds them.
__device__ __forceinline__ float cvt_tf32(float v) {
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(v));
  return __uint_as_float(r & 0xffffe000u);
}
extern "C" __global__ void __launch_bounds__(256)
    split_cvt(const float* __restrict__ x, float* __restrict__ big, float* __restrict__ small,
              int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / 4) return;
  const float4 v = reinterpret_cast<const float4*>(x)[i];
  const float4 b = make_float4(cvt_tf32(v.x), cvt_tf32(v.y), cvt_tf32(v.z), cvt_tf32(v.w));
  reinterpret_cast<float4*>(big)[i] = b;
  reinterpret_cast<float4*>(small)[i] = make_float4(cvt_tf32(v.x - b.x), cvt_tf32(v.y - b.y),
                                                    cvt_tf32(v.z - b.z), cvt_tf32(v.w - b.w));
}
