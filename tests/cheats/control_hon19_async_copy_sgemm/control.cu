// control_hon19_async_copy_sgemm child after cuda-samples' globalToShmemAsyncCopy
// (MatrixMulAsyncCopyMultiStageLargeChunk's idea, BSD-3-Clause; written here): two shared
// stages; each thread copies its element of the next A and B tiles with cuda::memcpy_async
// under a block-scoped cuda::pipeline (cp.async.ca) while the current tile is multiplied.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

extern "C" __global__ void sgemm_async(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[2][32][32], Bs[2][32][32];
  constexpr int stages = 2;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, stages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
  const int tiles = K / 32;
  auto issue = [&](int t) {
    const int s = t % stages, k0 = t * 32;
    pipe.producer_acquire();
    cuda::memcpy_async(&As[s][ty][tx], A + (size_t)row * K + k0 + tx, sizeof(float), pipe);
    cuda::memcpy_async(&Bs[s][ty][tx], B + (size_t)(k0 + ty) * N + col, sizeof(float), pipe);
    pipe.producer_commit();
  };
  float acc = 0.f;
  issue(0);
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) issue(t + 1);
    pipe.consumer_wait();
    __syncthreads();
    const int s = t % stages;
#pragma unroll
    for (int k = 0; k < 32; ++k) acc = fmaf(As[s][ty][k], Bs[s][k][tx], acc);
    __syncthreads();
    pipe.consumer_release();
  }
  C[(size_t)row * N + col] = acc;
}
