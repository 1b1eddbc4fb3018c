// corpus_fresh18: pt_groupnorm_moments -- PyTorch ATen, aten/src/ATen/native/cuda/group_norm_kernel.cu:
// RowwiseMomentsCUDAKernel<float, float>, the statistics pass of torch.nn.GroupNorm on a
// contiguous NCHW input, launched by GroupNormKernelImplInternal with one block per (sample,
// group) and kCUDABlockReduceNumThreads = 512 threads. Each thread runs a Welford update over a
// strided share of the group's D * HxW values, then the block combines the 512 partial states
// (warp shuffles, then one warp over the warps' results) and thread 0 writes the group's mean and
// 1 / sqrt(var + eps). Rewritten for the problem format (see README.md): T = T_ACC = float fixed,
// extern "C"; WelfordData / WelfordOps (ATen/native/SharedReduceOps.h) and
// cuda_utils::WarpReduce / BlockReduce (ATen/native/cuda/block_reduce.cuh) written out for that
// instance; the mean_acc / rstd_acc arguments, written only for half and bfloat16, dropped.

struct WelfordData {
  float mean;
  float m2;
  long long n;
  float nf;
};

__device__ __forceinline__ WelfordData welford_reduce(WelfordData acc, float data) {
  // n is counted in an integer to avoid rounding drift; nf is its float copy for combine
  long long new_n = acc.n + 1;
  float new_nf = static_cast<float>(new_n);
  float delta = data - acc.mean;
  float new_mean = acc.mean + delta / new_nf;
  float new_delta = data - new_mean;
  WelfordData r = {new_mean, acc.m2 + delta * new_delta, new_n, new_nf};
  return r;
}

__device__ __forceinline__ WelfordData welford_combine(WelfordData a, WelfordData b) {
  if (a.nf == 0) return b;
  if (b.nf == 0) return a;
  float delta = b.mean - a.mean;
  float new_count = a.nf + b.nf;
  float nb_over_n = b.nf / new_count;
  // n is set to -1: a combined count may not fit the integer any more
  WelfordData r = {a.mean + delta * nb_over_n, a.m2 + b.m2 + delta * delta * a.nf * nb_over_n, -1, new_count};
  return r;
}

__device__ __forceinline__ WelfordData welford_shfl_down(WelfordData acc, int offset) {
  WelfordData r = {__shfl_down_sync(0xffffffffu, acc.mean, offset), __shfl_down_sync(0xffffffffu, acc.m2, offset),
                   __shfl_down_sync(0xffffffffu, acc.n, offset), __shfl_down_sync(0xffffffffu, acc.nf, offset)};
  return r;
}

__device__ __forceinline__ WelfordData warp_reduce(WelfordData val) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    val = welford_combine(val, welford_shfl_down(val, offset));
  }
  return val;
}

__device__ __forceinline__ WelfordData block_reduce(WelfordData val, WelfordData* shared) {
  const int tid = threadIdx.x;
  const int lid = tid % 32;
  const int wid = tid / 32;
  val = warp_reduce(val);
  __syncthreads();
  if (lid == 0) {
    shared[wid] = val;
  }
  __syncthreads();
  const WelfordData identity = {0.0f, 0.0f, 0, 0.0f};
  val = (tid < (int)((blockDim.x + 31) / 32)) ? shared[lid] : identity;
  if (wid == 0) {
    val = warp_reduce(val);
  }
  return val;
}

extern "C" __global__ void RowwiseMomentsCUDAKernel(long long N, float eps, const float* X, float* mean, float* rstd) {
  const long long i = blockIdx.x;
  WelfordData val = {0.0f, 0.0f, 0, 0.0f};
  for (long long j = threadIdx.x; j < N; j += blockDim.x) {
    const long long index = i * N + j;
    val = welford_reduce(val, X[index]);
  }
  if (blockDim.x <= 32) {
    val = warp_reduce(val);
  } else {
    __shared__ WelfordData val_shared[32];
    val = block_reduce(val, val_shared);
  }
  if (threadIdx.x == 0) {
    // project with correction 0: the population variance m2 / n
    const float divisor = val.nf > 0.0f ? val.nf : 0.0f;
    const float m2 = val.m2 / divisor;
    const float m1 = val.mean;
    float rstd_val = rsqrtf(m2 + eps);
    mean[i] = m1;
    rstd[i] = rstd_val;
  }
}
