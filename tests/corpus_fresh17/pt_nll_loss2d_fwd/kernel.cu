// corpus_fresh17: pt_nll_loss2d_fwd -- PyTorch ATen, the reduced 2-D negative log-likelihood loss
// (aten/src/ATen/native/cuda/NLLLoss2d.cu: nll_loss2d_forward_kernel<float, float>, launched by
// nll_loss2d_forward_out_cuda_template with GET_BLOCKS(map_nelem) / 128 (at least 1) blocks per
// sample of CUDA_NUM_THREADS = 1024 threads). Each thread walks the pixels of its sample with a
// grid-size stride, reads the pixel's class from the int64 target and the input at that class's
// plane, accumulates; two block sums (warp shuffles, then one value per warp through shared
// memory) and two atomic adds per block finish it. Rewritten for the problem format (see
// README.md): float, no class weights (weight == nullptr, every weight 1), extern "C".

#define NLL_NUM_THREADS 1024

__device__ __forceinline__ float nll_warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// one value per warp through shared memory; the block's sum ends in warp 0 (thread 0 has it)
__device__ __forceinline__ float nll_block_sum(float v, float* shared) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = nll_warp_sum(v);
  __syncthreads();
  if (lane == 0) shared[warp] = v;
  __syncthreads();
  v = (threadIdx.x < blockDim.x / 32) ? shared[lane] : 0.0f;
  if (warp == 0) v = nll_warp_sum(v);
  return v;
}

extern "C" __global__ void __launch_bounds__(NLL_NUM_THREADS)
nll_loss2d_forward_kernel(float* output, float* total_weight, const float* input, const long long* target,
                          int n_classes, int map_nelem, int blocks_per_sample, long long ignore_index) {
  float input_sum = 0.0f;
  float acc_weight = 0.0f;

  const int sample = blockIdx.x / blocks_per_sample;
  const int toffset = sample * map_nelem;
  const int ioffset = sample * map_nelem * n_classes;
  const int step = blockDim.x * blocks_per_sample;
  for (int i = (blockIdx.x % blocks_per_sample) * blockDim.x + threadIdx.x; i < map_nelem; i += step) {
    const int t = (int)target[toffset + i];
    if (t != ignore_index) {
      input_sum -= input[ioffset + i + map_nelem * t];
      acc_weight += 1.0f;
    }
  }

  // the origin declares both arrays CUDA_NUM_THREADS long
  __shared__ float acc_weight_smem[NLL_NUM_THREADS];
  __shared__ float input_sum_smem[NLL_NUM_THREADS];
  const float acc_weight_ = nll_block_sum(acc_weight, acc_weight_smem);
  const float input_sum_ = nll_block_sum(input_sum, input_sum_smem);

  if (threadIdx.x == 0) {
    atomicAdd(total_weight, acc_weight_);
    atomicAdd(output, input_sum_);
  }
}
