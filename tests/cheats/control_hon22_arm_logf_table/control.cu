// control_hon22_arm_logf_table child: the table-driven logf of ARM's optimized-routines
// (math/logf.c, math/logf_data.c; MIT OR Apache-2.0 WITH LLVM-exception; glibc's and musl's
// logf), written here for the device. x = 2^k z with z in [OFF, 2 OFF), OFF = 0x3f330000: k and
// z come from the float's bits in integer code (z keeps every mantissa bit: only the exponent
// field is replaced), the top 4 bits of the mantissa above OFF index a 16-entry table in
// __constant__ memory of (1/c, log c) for c near the subinterval's centre, and
// log x = k ln2 + log c + log1p(z/c - 1) with a degree-4 polynomial, in FP64. 1.03 ulp measured
// on the host over 2.2e7 values (the library's 0.82 with its own table). The table was computed
// here (c the centre of each subinterval, log c of the rounded 1/c; the entry that holds z = 1 is
// (1, 0) as the library's, so log x near 1 is log1p(z - 1) alone); it agrees with the library's
// first nine entries. A warp's 32 lanes a float4 each.
#define LOGF_TABLE_BITS 4
#define N_LOG (1 << LOGF_TABLE_BITS)
#define OFF_LOG 0x3f330000u

struct InvcLogc {
  double invc, logc;
};
__constant__ InvcLogc kLogfTab[N_LOG] = {
    {0x1.661ec79f8f3bep+0, -0x1.57bf7808caadep-2}, {0x1.571ed4aaf883dp+0, -0x1.2bef0a7c06ddbp-2},
    {0x1.49539f0f010b0p+0, -0x1.01eae7f513a67p-2}, {0x1.3c995b0b80385p+0, -0x1.b31d8a68224e9p-3},
    {0x1.30d190c8864a5p+0, -0x1.6574f0ac07758p-3}, {0x1.25e227b0b8ea0p+0, -0x1.1aa2bc79c8100p-3},
    {0x1.1bb4a4a1a343fp+0, -0x1.a4e76ce8c0e5ep-4}, {0x1.12358f08ae5bap+0, -0x1.1973c5a611cccp-4},
    {0x1.0953f419900a7p+0, -0x1.252f438e10c1ep-5}, {0x1p+0, 0x0p+0},
    {0x1.e573ae5c66190p-1, 0x1.b42db8ba5c447p-5},  {0x1.ca4b31f026aa0p-1, 0x1.c5e53aa362eb4p-4},
    {0x1.b2036576afce6p-1, 0x1.526e57720db08p-3},  {0x1.9c2d163a1aa2dp-1, 0x1.bc2860d224770p-3},
    {0x1.886e6037841edp-1, 0x1.1058bc8a07ee1p-2},  {0x1.767dcf5534862p-1, 0x1.4043057b6ee09p-2}};

__device__ __forceinline__ float optr_logf(float x) {
  const double Ln2 = 0x1.62e42fefa39efp-1;
  const double A0 = -0x1.00ea348b88334p-2, A1 = 0x1.5575b0be00b6ap-2, A2 = -0x1.ffffef20a4123p-2;
  unsigned ix = __float_as_uint(x);
  if (ix < 0x00800000u) ix = __float_as_uint(x * 0x1p23f) - (23u << 23);  // subnormal: normalise
  const unsigned tmp = ix - OFF_LOG;
  const int i = (tmp >> (23 - LOGF_TABLE_BITS)) % N_LOG;
  const int k = (int)tmp >> 23;  // arithmetic shift
  const unsigned iz = ix - (tmp & 0xff800000u);
  const double invc = kLogfTab[i].invc, logc = kLogfTab[i].logc;
  const double z = (double)__uint_as_float(iz);
  const double r = z * invc - 1.0;
  const double y0 = logc + (double)k * Ln2;
  const double r2 = r * r;
  double y = A1 * r + A2;
  y = A0 * r2 + y;
  y = y * r2 + (y0 + r);
  return (float)y;
}

extern "C" __global__ void __launch_bounds__(256)
    logf_table(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    const float4 v = *reinterpret_cast<const float4*>(x + i);
    *reinterpret_cast<float4*>(y + i) =
        make_float4(optr_logf(v.x), optr_logf(v.y), optr_logf(v.z), optr_logf(v.w));
  } else {
    for (int j = i; j < n; ++j) y[j] = optr_logf(x[j]);
  }
}
