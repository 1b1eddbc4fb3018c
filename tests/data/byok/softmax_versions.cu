// Row softmax, four hand-written versions, in the style of public "kernel versions"
// collections: one .cu, C++ linkage, a host main that times every version. Written fresh as
// the input of docs/bring-your-own-kernel.md (not a built-in problem).
//   nvcc -O3 -arch=sm_90 softmax_versions.cu -o softmax && ./softmax
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define BLOCK_SIZE 256

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t e = (call);                                                   \
    if (e != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// v1: one thread per row, three passes over the row.
__global__ void softmax_v1(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  assert(cols > 0);
  const float* in = x + (size_t)row * cols;
  float* out = y + (size_t)row * cols;
  float m = -INFINITY;
  for (int j = 0; j < cols; ++j) m = fmaxf(m, in[j]);
  float s = 0.f;
  for (int j = 0; j < cols; ++j) s += expf(in[j] - m);
  for (int j = 0; j < cols; ++j) out[j] = expf(in[j] - m) / s;
}

// v2: one block per row, shared-memory tree reductions.
__global__ void softmax_v2(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
  __shared__ float buf[BLOCK_SIZE];
  const float* in = x + (size_t)blockIdx.x * cols;
  float* out = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) m = fmaxf(m, in[j]);
  buf[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] = fmaxf(buf[threadIdx.x], buf[threadIdx.x + s]);
    __syncthreads();
  }
  m = buf[0];
  __syncthreads();
  float sum = 0.f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) sum += expf(in[j] - m);
  buf[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  sum = buf[0];
  for (int j = threadIdx.x; j < cols; j += blockDim.x) out[j] = expf(in[j] - m) / sum;
}

// v3: one warp per row, cooperative-groups reductions, no shared memory.
__global__ void softmax_v3(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * (blockDim.x / 32) + warp.meta_group_rank();
  if (row >= rows) return;
  const float* in = x + (size_t)row * cols;
  float* out = y + (size_t)row * cols;
  float m = -INFINITY;
  for (int j = warp.thread_rank(); j < cols; j += 32) m = fmaxf(m, in[j]);
  m = cg::reduce(warp, m, cg::greater<float>());
  float s = 0.f;
  for (int j = warp.thread_rank(); j < cols; j += 32) s += expf(in[j] - m);
  s = cg::reduce(warp, s, cg::plus<float>());
  for (int j = warp.thread_rank(); j < cols; j += 32) out[j] = expf(in[j] - m) / s;
}

// v4: one warp per row, online softmax (max and sum in one pass), float4 loads.
__global__ void softmax_v4(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int row = blockIdx.x * (blockDim.x / 32) + warp.meta_group_rank();
  if (row >= rows) return;
  const float4* in = reinterpret_cast<const float4*>(x + (size_t)row * cols);
  float4* out = reinterpret_cast<float4*>(y + (size_t)row * cols);
  float m = -INFINITY, s = 0.f;
  for (int j = warp.thread_rank(); j < cols / 4; j += 32) {
    float4 v = in[j];
    float vm = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    float nm = fmaxf(m, vm);
    s = s * expf(m - nm) + expf(v.x - nm) + expf(v.y - nm) + expf(v.z - nm) + expf(v.w - nm);
    m = nm;
  }
  float wm = cg::reduce(warp, m, cg::greater<float>());
  s = cg::reduce(warp, s * expf(m - wm), cg::plus<float>());
  for (int j = warp.thread_rank(); j < cols / 4; j += 32) {
    float4 v = in[j];
    out[j] = make_float4(expf(v.x - wm) / s, expf(v.y - wm) / s, expf(v.z - wm) / s, expf(v.w - wm) / s);
  }
}

static float time_ms(void (*launch)(const float*, float*, int, int), const float* x, float* y,
                     int rows, int cols) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  for (int i = 0; i < 20; ++i) launch(x, y, rows, cols);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  return ms / 20;
}

int main() {
  const int rows = 8192, cols = 1024;
  std::vector<float> h(rows * (size_t)cols);
  for (size_t i = 0; i < h.size(); ++i) h[i] = sinf(i * (float)M_PI / 180.f);
  float *x, *y;
  CUDA_CHECK(cudaMalloc(&x, h.size() * 4));
  CUDA_CHECK(cudaMalloc(&y, h.size() * 4));
  CUDA_CHECK(cudaMemcpy(x, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  printf("v1 %.3f ms\n", time_ms([](const float* a, float* b, int r, int c) { softmax_v1<<<(r + 255) / 256, 256>>>(a, b, r, c); }, x, y, rows, cols));
  printf("v2 %.3f ms\n", time_ms([](const float* a, float* b, int r, int c) { softmax_v2<<<r, BLOCK_SIZE>>>(a, b, r, c); }, x, y, rows, cols));
  printf("v3 %.3f ms\n", time_ms([](const float* a, float* b, int r, int c) { softmax_v3<<<(r + 7) / 8, 256>>>(a, b, r, c); }, x, y, rows, cols));
  printf("v4 %.3f ms\n", time_ms([](const float* a, float* b, int r, int c) { softmax_v4<<<(r + 7) / 8, 256>>>(a, b, r, c); }, x, y, rows, cols));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
