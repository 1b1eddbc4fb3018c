// Device code of softmax_versions.cu (solver problems new): host code dropped, libc
// headers replaced by NVRTC's, kernels given C linkage.
// Row softmax, four hand-written versions, in the style of public "kernel versions"
// collections: one .cu, C++ linkage, a host main that times every version. Written fresh as
// the input of docs/bring-your-own-kernel.md (not a built-in problem).
//   nvcc -O3 -arch=sm_90 softmax_versions.cu -o softmax && ./softmax
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
// solver: dropped #include <cuda_runtime.h> (host code)
#include <cuda/std/cassert>  // solver: NVRTC's <cassert>
#include <cuda/std/cmath>  // solver: NVRTC's <cmath>
// solver: dropped #include <cstdio> (host code)
// solver: dropped #include <cstdlib> (host code)
// solver: dropped #include <vector> (host code)

namespace cg = cooperative_groups;
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif
#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t e = (call);                                                   \
    if (e != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// v1: one thread per row, three passes over the row.
extern "C" __global__ void softmax_v1(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
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
extern "C" __global__ void softmax_v2(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
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
extern "C" __global__ void softmax_v3(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
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
extern "C" __global__ void softmax_v4(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
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
// solver: dropped host code 'time_ms' (line 108)
// solver: dropped host code 'main' (line 122)
