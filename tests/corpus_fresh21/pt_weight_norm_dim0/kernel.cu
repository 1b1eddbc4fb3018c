// corpus_fresh21: pt_weight_norm_dim0 -- PyTorch (pytorch/pytorch),
// aten/src/ATen/native/cuda/WeightNorm.cu: weight_norm_fwd_first_dim_kernel<float, float> with
// its block reduction reduce_block_into_lanes (lanes = 1), the forward of
// torch._weight_norm(v, g, dim=0) that nn.utils.weight_norm runs before every use of the layer.
// One 256-thread block per slowest-dim row: a strided sum of squares, a shared-memory tree down
// to 64 then shuffles, the norm stored, then the row read again and w = g * v / ||v|| written.
// Rewritten for the problem format (see README.md): T = accT = float, extern "C", the reduction
// helper specialised to ReduceAdd and lanes = 1, WARP_SHFL_DOWN as __shfl_down_sync on the full
// mask; the loops, the barriers and the launch (rows blocks of BLOCK = 256, BLOCK floats of
// dynamic shared memory) as the origin's.

extern "C" __global__ void weight_norm_fwd_first_dim_kernel(float* __restrict__ w,
                                                            float* __restrict__ norms,
                                                            const float* __restrict__ v,
                                                            const float* __restrict__ g,
                                                            const int rowSize) {
  const int tid = threadIdx.x;
  const int row = blockIdx.x;
  const int stride = blockDim.x;
  const int rowStart = row * rowSize;
  extern __shared__ char buf[];
  float* s = (float*)buf;

  float thread_sum = 0.f;
  for (int i = tid; i < rowSize; i += stride) {
    const float val_f = v[i + rowStart];
    thread_sum += val_f * val_f;
  }

  // reduce_block_into_lanes(s, thread_sum, 1, ReduceAdd)
  {
    const int blockSize = blockDim.x;
    if (blockSize >= 64) {
      s[tid] = thread_sum;
      __syncthreads();
    }
#pragma unroll
    for (int i = (blockSize >> 1); i >= 64; i >>= 1) {
      if (tid < i) s[tid] = s[tid] + s[tid + i];
      __syncthreads();
    }
    if (tid < 32) {
      float final_sum;
      if (blockSize >= 64)
        final_sum = s[tid] + s[tid + 32];
      else
        final_sum = thread_sum;
#pragma unroll
      for (int i = 16; i >= 1; i >>= 1)
        final_sum = final_sum + __shfl_down_sync(0xffffffffu, final_sum, i);
      if (tid < 1) s[tid] = final_sum;
    }
    __syncthreads();
  }
  float result = s[0];
  result = sqrtf(result);
  if (tid == 0) norms[row] = result;

  const float g_this_row = g[row];
  const float rnorm = 1.f / result;
  for (int i = tid; i < rowSize; i += stride) {
    const float val_f = v[i + rowStart];
    w[i + rowStart] = g_this_row * val_f * rnorm;
  }
}
