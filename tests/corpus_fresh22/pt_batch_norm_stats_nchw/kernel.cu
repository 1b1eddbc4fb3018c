// corpus_fresh22: pt_batch_norm_stats_nchw -- PyTorch (pytorch/pytorch),
// aten/src/ATen/native/cuda/Normalization.cuh: batch_norm_collect_statistics_kernel<InvStd, float,
// float, float, int32_t>, the per-channel mean and inverse standard deviation of a contiguous NCHW
// batch (torch.batch_norm_stats, which SyncBatchNorm calls on every GPU before it gathers the
// statistics; batch_norm_stats_cuda_template launches it). One block per channel: each thread a
// Welford update per element over (batch, strided H*W), then a Welford merge by XOR shuffles, a
// shared-memory hand-off of one partial per warp and a second shuffle merge in warp 0; thread 0
// writes the mean and 1 / sqrt(var + eps).
// Rewritten for the problem format (see README.md): the template fixed to InvStd, float, int32_t
// indices, extern "C", the packed accessor written as the contiguous (N, C, H*W) strides,
// WARP_SHFL_XOR as __shfl_xor_sync on the full mask; the loops, the arithmetic (the double
// constants included), the barriers and the launch (C blocks of getNumThreads(H*W) = 512 x 1
// threads) as the origin's.

#define BN_WARP 32

extern "C" __global__ void batch_norm_collect_statistics_kernel(
    const float* __restrict__ input, const int size0, const int size1, const int size2,
    const float epsilon, const float momentum, float* __restrict__ save_mean,
    float* __restrict__ save_transformed_var) {
  __shared__ int shared_n[2 * 2 * BN_WARP + BN_WARP];

  const int stride0 = size1 * size2;  // the accessor's strides of a contiguous (N, C, HW)
  const int stride1 = size2;
  int plane = blockIdx.x;
  int N = size0 * size2;
  int tid = threadIdx.x + threadIdx.y * blockDim.x;

  float* shared_avg_var = (float*)&shared_n[BN_WARP];

  // each thread's own Welford pass over its elements
  float avg = 0;
  float var_n = 0;
  int n = 0;
  for (int batch = threadIdx.y; batch < size0; batch += blockDim.y) {
    for (int x = threadIdx.x; x < size2; x += blockDim.x) {
      float v = input[batch * stride0 + plane * stride1 + x];
      float d1 = v - avg;
      n++;
      avg += d1 / n;
      var_n += d1 * (v - avg);
    }
  }

  // merge within the warp
  for (int i = 0; i < 5; ++i) {  // getMSB(C10_WARP_SIZE)
    float o_avg = __shfl_xor_sync(0xffffffffu, avg, 1 << i, BN_WARP);
    int o_n = __shfl_xor_sync(0xffffffffu, n, 1 << i, BN_WARP);
    float factor = 1.0 / fmaxf(1.0, n + o_n);
    var_n += __shfl_xor_sync(0xffffffffu, var_n, 1 << i, BN_WARP) +
             (avg - o_avg) * (avg - o_avg) * n * o_n * factor;
    avg = (n * avg + o_n * o_avg) * factor;
    n += o_n;
  }

  // one partial per warp through shared memory
  __syncthreads();
  if (tid % BN_WARP == 0) {
    shared_n[tid / BN_WARP] = n;
    shared_avg_var[tid / BN_WARP * 2] = avg;
    shared_avg_var[tid / BN_WARP * 2 + 1] = var_n;
  }
  __syncthreads();

  if (tid < BN_WARP) {
    n = (tid < blockDim.x * blockDim.y / BN_WARP ? shared_n[tid] : 0);
    avg = (tid < blockDim.x * blockDim.y / BN_WARP ? shared_avg_var[2 * tid] : float(0));
    var_n = (tid < blockDim.x * blockDim.y / BN_WARP ? shared_avg_var[2 * tid + 1] : float(0));
  }
  for (int i = 0; i < 5; ++i) {
    float o_avg = __shfl_xor_sync(0xffffffffu, avg, 1 << i, BN_WARP);
    int o_n = __shfl_xor_sync(0xffffffffu, n, 1 << i, BN_WARP);
    float factor = 1.0 / fmaxf(1.0, n + o_n);
    var_n += __shfl_xor_sync(0xffffffffu, var_n, 1 << i, BN_WARP) +
             (avg - o_avg) * (avg - o_avg) * n * o_n * factor;
    avg = (n * avg + o_n * o_avg) * factor;
    n += o_n;
  }

  if (tid == 0) {
    save_mean[plane] = avg;
    // InvStd{}(var_n / N, epsilon): the epsilon parameter is a double there
    const float var = var_n / N;
    const double eps = epsilon;
    float invstd = 0;
    if (var != 0.0f || eps != 0.0) invstd = static_cast<float>(1) / ::sqrt(var + eps);
    save_transformed_var[plane] = invstd;
  }
}
