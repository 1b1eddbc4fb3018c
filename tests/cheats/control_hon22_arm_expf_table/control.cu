// control_hon22_arm_expf_table child: the table-driven expf of ARM's optimized-routines
// (math/expf.c, math/exp2f_data.c; MIT OR Apache-2.0 WITH LLVM-exception; the same code is
// glibc's and musl's expf), written here for the device: x N / ln2 rounded to an integer by
// adding the magic shift 1.5 x 2^52 in FP64, the low 5 bits of the double's word index a
// 32-entry table of 2^(i/32) in __constant__ memory (each entry less i << 47, so adding the
// integer k << 47 puts k / 32 into the exponent field), a degree-3 polynomial in the remainder.
// ULP error 0.502 (the library's figure, round to nearest). A thread per 4 values, float4.
#define EXP2F_TABLE_BITS 5
#define N_EXP (1 << EXP2F_TABLE_BITS)

__constant__ unsigned long long kExp2fTab[N_EXP] = {
    0x3ff0000000000000ull, 0x3fefd9b0d3158574ull, 0x3fefb5586cf9890full, 0x3fef9301d0125b51ull,
    0x3fef72b83c7d517bull, 0x3fef54873168b9aaull, 0x3fef387a6e756238ull, 0x3fef1e9df51fdee1ull,
    0x3fef06fe0a31b715ull, 0x3feef1a7373aa9cbull, 0x3feedea64c123422ull, 0x3feece086061892dull,
    0x3feebfdad5362a27ull, 0x3feeb42b569d4f82ull, 0x3feeab07dd485429ull, 0x3feea47eb03a5585ull,
    0x3feea09e667f3bcdull, 0x3fee9f75e8ec5f74ull, 0x3feea11473eb0187ull, 0x3feea589994cce13ull,
    0x3feeace5422aa0dbull, 0x3feeb737b0cdc5e5ull, 0x3feec49182a3f090ull, 0x3feed503b23e255dull,
    0x3feee89f995ad3adull, 0x3feeff76f2fb5e47ull, 0x3fef199bdd85529cull, 0x3fef3720dcef9069ull,
    0x3fef5818dcfba487ull, 0x3fef7c97337b9b5full, 0x3fefa4afa2a490daull, 0x3fefd0765b6e4540ull};

__device__ __forceinline__ float optr_expf(float x) {
  const double InvLn2N = 0x1.71547652b82fep+0 * N_EXP;
  const double Shift = 0x1.8p+52;
  const double C0 = 0x1.c6af84b912394p-5 / N_EXP / N_EXP / N_EXP;
  const double C1 = 0x1.ebfce50fac4f3p-3 / N_EXP / N_EXP;
  const double C2 = 0x1.62e42ff0c52d6p-1 / N_EXP;
  const double xd = (double)x;
  const double z = InvLn2N * xd;
  double kd = z + Shift;
  const unsigned long long ki = (unsigned long long)__double_as_longlong(kd);
  kd -= Shift;
  const double r = z - kd;
  unsigned long long t = kExp2fTab[ki % N_EXP];
  t += ki << (52 - EXP2F_TABLE_BITS);
  const double s = __longlong_as_double((long long)t);
  const double zz = C0 * r + C1;
  const double r2 = r * r;
  double y = C2 * r + 1.0;
  y = zz * r2 + y;
  y = y * s;
  return (float)y;
}

extern "C" __global__ void __launch_bounds__(256)
    expf_table(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    const float4 v = *reinterpret_cast<const float4*>(x + i);
    *reinterpret_cast<float4*>(y + i) =
        make_float4(optr_expf(v.x), optr_expf(v.y), optr_expf(v.z), optr_expf(v.w));
  } else {
    for (int j = i; j < n; ++j) y[j] = optr_expf(x[j]);
  }
}
