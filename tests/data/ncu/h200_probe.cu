// Scratch probe: the three kernels of docs/h200.md, to capture a real `ncu --csv --page raw` export.
#include <cstdio>
#include <mma.h>
using namespace nvcuda;

__global__ void stream_scale(const float* x, float* y, float a, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i];
}
__global__ void sgemm_naive(const float* A, const float* B, float* C, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n || c >= n) return;
  float acc = 0;
  for (int k = 0; k < n; ++k) acc += A[r * n + k] * B[k * n + c];
  C[r * n + c] = acc;
}
// One warp per 16x16 output tile, TF32 WMMA (m16n16k8).
__global__ void wmma_tf32_gemm(const float* A, const float* B, float* C, int n) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tiles = n / 16;
  int tr = warp / tiles, tc = warp % tiles;
  if (tr >= tiles) return;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < n; k += 8) {
    wmma::load_matrix_sync(a, A + tr * 16 * n + k, n);
    wmma::load_matrix_sync(b, B + k * n + tc * 16, n);
    for (int i = 0; i < a.num_elements; ++i) a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i) b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tr * 16 * n + tc * 16, acc, n, wmma::mem_row_major);
}
int main() {
  size_t n = 64ull << 20;  // 256 MiB of floats
  float *x, *y;
  cudaMalloc(&x, n * 4); cudaMalloc(&y, n * 4);
  cudaMemset(x, 0, n * 4);
  stream_scale<<<(n + 255) / 256, 256>>>(x, y, 2.0f, n);
  int N = 2048;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * 4); cudaMalloc(&B, N * N * 4); cudaMalloc(&C, N * N * 4);
  cudaMemset(A, 0, N * N * 4); cudaMemset(B, 0, N * N * 4);
  sgemm_naive<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(A, B, C, N);
  int warps = (N / 16) * (N / 16);
  wmma_tf32_gemm<<<warps * 32 / 128, 128>>>(A, B, C, N);
  cudaError_t e = cudaDeviceSynchronize();
  printf("probe: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
