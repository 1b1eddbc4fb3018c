// Register-tiled implicit GEMM: a 256-thread block computes 128 output pixels (m) x 64 output
// channels (k), each thread 8 pixels x 4 channels in registers, over kk-slabs of 16 (kk = c*9 +
// r*3 + s). Each thread gathers one fixed pixel's column of the A slab (its (n, oh, ow) is
// decoded once), so the gather is coalesced along ow; the w slab is staged k-major with a padded
// row. A thread's pixels are tm*4+{0..3} and 64+tm*4+{0..3}: four consecutive pixels lie in one
// image row-major plane (H*W % 4 == 0), so y is written with float4 stores.
// Requires NB*H*W % 128 == 0, K % 64 == 0, (C*9) % 16 == 0, H*W % 4 == 0 (constraints).
#define BM 128
#define BN 64
#define BK 16
#define TM 8           // a thread's pixels (rows of its register tile)
#define TN 4           // its output channels
#define BSTR (BN + 4)  // Bs row stride: the k-major stores of 16 kk per k spread over 8 banks

extern "C" __global__ void __launch_bounds__(256)
    conv_regtile(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                 int NB, int C, int K, int H, int W) {
  __shared__ __align__(16) float As[BK][BM];    // As[kk][m]
  __shared__ __align__(16) float Bs[BK][BSTR];  // Bs[kk][k]
  const int tid = threadIdx.x;
  const int tm = tid & 15, tk = tid >> 4;
  const int HW = H * W, CRS = C * 9;
  const int m0 = blockIdx.y * BM, k0 = blockIdx.x * BN;

  // The A gather: pixel m0 + (tid % 128), kk rows (tid / 128) + 2i for i < 8.
  const int gm = m0 + (tid & 127), gkk = tid >> 7;
  const int gn = gm / HW, gp = gm % HW, goh = gp / W, gow = gp % W;
  const float* xn = x + (size_t)gn * C * HW;
  // The w stage: kk = e % 16, k = e / 16 for e = tid + 256 i, i < 4.
  const int bkk = tid & 15, bk = tid >> 4;

  float acc[8][4];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

  for (int kk0 = 0; kk0 < CRS; kk0 += BK) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const int kkl = gkk + 2 * i, kk = kk0 + kkl;
      const int c = kk / 9, rs = kk - c * 9, r = rs / 3, s = rs - r * 3;
      const int ih = goh + r - 1, iw = gow + s - 1;
      As[kkl][tid & 127] =
          ih >= 0 && ih < H && iw >= 0 && iw < W ? xn[(size_t)c * HW + ih * W + iw] : 0.0f;
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int kl = bk + 16 * i;
      Bs[bkk][kl] = w[(size_t)(k0 + kl) * CRS + kk0 + bkk];
    }
    __syncthreads();
#pragma unroll
    for (int q = 0; q < BK; ++q) {
      const float4 a0 = *reinterpret_cast<const float4*>(&As[q][tm * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&As[q][64 + tm * 4]);
      const float4 b = *reinterpret_cast<const float4*>(&Bs[q][tk * 4]);
      const float ar[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float br[4] = {b.x, b.y, b.z, b.w};
#include <rank1_fma.cuh>
    }
    __syncthreads();
  }

#pragma unroll
  for (int g = 0; g < 2; ++g) {
    const int m = m0 + g * 64 + tm * 4;  // four consecutive pixels of one image
    const int n = m / HW, p = m % HW;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int k = k0 + tk * 4 + j;
      *reinterpret_cast<float4*>(y + ((size_t)n * K + k) * HW + p) =
          make_float4(acc[g * 4 + 0][j], acc[g * 4 + 1][j], acc[g * 4 + 2][j], acc[g * 4 + 3][j]);
    }
  }
}
