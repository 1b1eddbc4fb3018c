// corpus: sib_sgemm_smem -- from siboehm/SGEMM_CUDA, src/kernels/3_kernel_shared_mem_blocking.cuh (sgemm_shared_mem_block<32>) @ 60cba6f9b20a
// license: MIT (Copyright (c) 2023 Simon Boehm)
// adapted: extern "C", BLOCKSIZE fixed to 32; M=N=K=2048
#define BLOCKSIZE 32
extern "C" __global__ void sgemm_shared_mem_block(int M, int N, int K, float alpha,
                                       const float *A, const float *B,
                                       float beta, float *C) {
  const unsigned cRow = blockIdx.x;
  const unsigned cCol = blockIdx.y;
  __shared__ float As[BLOCKSIZE * BLOCKSIZE];
  __shared__ float Bs[BLOCKSIZE * BLOCKSIZE];
  const unsigned threadCol = threadIdx.x % BLOCKSIZE;
  const unsigned threadRow = threadIdx.x / BLOCKSIZE;
  A += cRow * BLOCKSIZE * K;                    // row=cRow, col=0
  B += cCol * BLOCKSIZE;                        // row=0, col=cCol
  C += cRow * BLOCKSIZE * N + cCol * BLOCKSIZE; // row=cRow, col=cCol
  float tmp = 0.0;
  for (int bkIdx = 0; bkIdx < K; bkIdx += BLOCKSIZE) {
    As[threadRow * BLOCKSIZE + threadCol] = A[threadRow * K + threadCol];
    Bs[threadRow * BLOCKSIZE + threadCol] = B[threadRow * N + threadCol];
    __syncthreads();
    A += BLOCKSIZE;
    B += BLOCKSIZE * N;
    for (int dotIdx = 0; dotIdx < BLOCKSIZE; ++dotIdx) {
      tmp += As[threadRow * BLOCKSIZE + dotIdx] *
             Bs[dotIdx * BLOCKSIZE + threadCol];
    }
    __syncthreads();
  }
  C[threadRow * N + threadCol] =
      alpha * tmp + beta * C[threadRow * N + threadCol];
}
