// C = A.B^T in BF16 (FP32 accumulate): 64 x 64 block tiles staged in shared memory as float,
// 4 x 4 outputs per thread in registers (256 threads). A and B rows are K-contiguous, so each
// slab of 32 k is read coalesced (two bf16 per 32-bit load) and stored transposed (k-major) in
// shared memory for the inner product. Requires M % 64 == 0, N % 64 == 0, K % 32 == 0.
#define TB 64
#define TK 32
#define TM 4  // a thread's rows of C (its register tile)
#define TN 4  // its columns
__device__ __forceinline__ unsigned short f32_to_bf16(float f) {
  const unsigned u = __float_as_uint(f);
  return (unsigned short)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

extern "C" __global__ void __launch_bounds__(256)
    matmul_bf16_tiled(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B,
                      unsigned short* __restrict__ C, int M, int N, int K) {
  __shared__ float As[TK][TB + 4];  // As[k][m]
  __shared__ float Bs[TK][TB + 4];  // Bs[k][n]
  const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
  const int m0 = blockIdx.y * TB, n0 = blockIdx.x * TB;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += TK) {
    // 64 rows x 16 words (pairs of k) per operand: 1024 words, four per thread.
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int e = tid + 256 * i, r = e >> 4, kp = (e & 15) * 2;
      const unsigned a = *reinterpret_cast<const unsigned*>(A + (size_t)(m0 + r) * K + k0 + kp);
      const unsigned b = *reinterpret_cast<const unsigned*>(B + (size_t)(n0 + r) * K + k0 + kp);
      As[kp][r] = __uint_as_float(a << 16);
      As[kp + 1][r] = __uint_as_float(a & 0xFFFF0000u);
      Bs[kp][r] = __uint_as_float(b << 16);
      Bs[kp + 1][r] = __uint_as_float(b & 0xFFFF0000u);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TK; ++k) {
      const float4 a = *reinterpret_cast<const float4*>(&As[k][ty * 4]);
      const float4 b = *reinterpret_cast<const float4*>(&Bs[k][tx * 4]);
      const float ar[4] = {a.x, a.y, a.z, a.w}, br[4] = {b.x, b.y, b.z, b.w};
#include <rank1_fma.cuh>
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    unsigned short* c = C + (size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4;
    const unsigned lo = f32_to_bf16(acc[i][0]) | ((unsigned)f32_to_bf16(acc[i][1]) << 16);
    const unsigned hi = f32_to_bf16(acc[i][2]) | ((unsigned)f32_to_bf16(acc[i][3]) << 16);
    *reinterpret_cast<uint2*>(c) = make_uint2(lo, hi);
  }
}
