// corpus: sib_sgemm_naive -- from siboehm/SGEMM_CUDA, src/kernels/1_naive.cuh (sgemm_naive) @ 60cba6f9b20a
// license: MIT (Copyright (c) 2023 Simon Boehm)
// adapted: extern "C"; uint as unsigned; M=N=K=1024, 32x32 blocks as the blog launches it
extern "C" __global__ void sgemm_naive(int M, int N, int K, float alpha, const float *A,
                            const float *B, float beta, float *C) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  // if statement is necessary to make things work under tile quantization
  if (x < M && y < N) {
    float tmp = 0.0;
    for (int i = 0; i < K; ++i) {
      tmp += A[x * K + i] * B[i * N + y];
    }
    // C = α*(A@B)+β*C
    C[x * N + y] = alpha * tmp + beta * C[x * N + y];
  }
}
