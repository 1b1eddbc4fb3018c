// corpus: sib_sgemm_2d_tail -- from siboehm/SGEMM_CUDA, src/kernels/5_kernel_2D_blocktiling.cuh (sgemm2DBlocktiling<128,128,8,8,8>) @ 60cba6f9b20a
// license: MIT (Copyright (c) 2023 Simon Boehm)
// adapted: extern "C", template arguments fixed by #define (BM=BN=128, BK=8, TM=TN=8, 256 threads), assert dropped; M=2176, N=2304, K=4096: 17 x 18 = 306 blocks
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
extern "C" __global__ void __launch_bounds__((BM * BN) / (TM * TN), 1)
    sgemm2DBlocktiling(int M, int N, int K, float alpha, const float *A,
                       const float *B, float beta, float *C) {
  const unsigned cRow = blockIdx.y;
  const unsigned cCol = blockIdx.x;
  const unsigned totalResultsBlocktile = BM * BN;
  const unsigned numThreadsBlocktile = totalResultsBlocktile / (TM * TN);
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const unsigned innerRowA = threadIdx.x / BK;
  const unsigned innerColA = threadIdx.x % BK;
  const unsigned strideA = numThreadsBlocktile / BK;
  const unsigned innerRowB = threadIdx.x / BN;
  const unsigned innerColB = threadIdx.x % BN;
  const unsigned strideB = numThreadsBlocktile / BN;
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (unsigned bkIdx = 0; bkIdx < K; bkIdx += BK) {
    for (unsigned loadOffset = 0; loadOffset < BM; loadOffset += strideA) {
      As[(innerRowA + loadOffset) * BK + innerColA] =
          A[(innerRowA + loadOffset) * K + innerColA];
    }
    for (unsigned loadOffset = 0; loadOffset < BK; loadOffset += strideB) {
      Bs[(innerRowB + loadOffset) * BN + innerColB] =
          B[(innerRowB + loadOffset) * N + innerColB];
    }
    __syncthreads();
    A += BK;     // move BK columns to right
    B += BK * N; // move BK rows down
    for (unsigned dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (unsigned i = 0; i < TM; ++i) {
        regM[i] = As[(threadRow * TM + i) * BK + dotIdx];
      }
      for (unsigned i = 0; i < TN; ++i) {
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      }
      for (unsigned resIdxM = 0; resIdxM < TM; ++resIdxM) {
        for (unsigned resIdxN = 0; resIdxN < TN; ++resIdxN) {
          threadResults[resIdxM * TN + resIdxN] +=
              regM[resIdxM] * regN[resIdxN];
        }
      }
    }
    __syncthreads();
  }
  for (unsigned resIdxM = 0; resIdxM < TM; ++resIdxM) {
    for (unsigned resIdxN = 0; resIdxN < TN; ++resIdxN) {
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          alpha * threadResults[resIdxM * TN + resIdxN] +
          beta * C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN];
    }
  }
}
