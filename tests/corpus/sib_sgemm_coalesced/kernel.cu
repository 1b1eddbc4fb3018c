// corpus: sib_sgemm_coalesced -- from siboehm/SGEMM_CUDA, src/kernels/2_kernel_global_mem_coalesce.cuh (sgemm_global_mem_coalesce<32>) @ 60cba6f9b20a
// license: MIT (Copyright (c) 2023 Simon Boehm)
// adapted: extern "C", BLOCKSIZE template argument fixed to 32; M=N=K=2048
#define BLOCKSIZE 32
extern "C" __global__ void sgemm_global_mem_coalesce(int M, int N, int K, float alpha,
                                          const float *A, const float *B,
                                          float beta, float *C) {
  const int cRow = blockIdx.x * BLOCKSIZE + (threadIdx.x / BLOCKSIZE);
  const int cCol = blockIdx.y * BLOCKSIZE + (threadIdx.x % BLOCKSIZE);
  if (cRow < M && cCol < N) {
    float tmp = 0.0;
    for (int i = 0; i < K; ++i) {
      tmp += A[cRow * K + i] * B[i * N + cCol];
    }
    C[cRow * N + cCol] = alpha * tmp + beta * C[cRow * N + cCol];
  }
}
