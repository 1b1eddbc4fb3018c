// redteam7_f64_bitcast_fp32 child: red team 6's FP32-in-FP64 GEMM with the narrowing done in
// integer code. Each double's sign, its exponent rebiased from 1023 to 127 and the top 23 bits
// of its mantissa are put into a float's bit fields (truncation: relative error < 2^-23; values
// below FP32's normal range become +-0, none above it occur in any set the gate draws). The PTX
// holds shifts, ands, ors and a mov.b32 into an f32 register, never cvt.rn.f32.f64. The tile's
// 32 products are FP32 FMAs; each tile's sum is widened (cvt.f64.f32, not judged) and added in
// FP64.
#define TILE 32
__device__ __forceinline__ float narrow_bits(double d) {
  const unsigned long long b = (unsigned long long)__double_as_longlong(d);
  const unsigned hi = (unsigned)(b >> 32), lo = (unsigned)b;
  const unsigned sign = hi & 0x80000000u;
  const int e = (int)((hi >> 20) & 0x7ffu) - 1023 + 127;
  const unsigned mant = ((hi & 0xfffffu) << 3) | (lo >> 29);
  const unsigned bits =
      e <= 0 ? sign : (e >= 255 ? (sign | 0x7f800000u) : (sign | ((unsigned)e << 23) | mant));
  return __uint_as_float(bits);
}
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    dgemm_bits_sgemm(const double* A, const double* B, double* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = narrow_bits(A[(size_t)row * K + k0 + tx]);
    Bs[ty][tx] = narrow_bits(B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
    float part = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k) part = fmaf(As[ty][k], Bs[k][tx], part);
    acc += (double)part;
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
