// corpus_fresh5: pt_pdist_blockpair -- pytorch/pytorch, aten/src/ATen/native/cuda/DistanceKernel.cu
// (pdist_kernel_cuda_impl<float, dists<float>::two>, torch.pdist with p = 2), rewritten for the
// problem format (see README.md). One 256-thread block per pair k of the upper triangle: (i, j)
// from k through a double-precision square root, the features strided over the block, then
// PyTorch's BlockReduce (a warp shuffle tree, shared partials, a second warp tree).
__device__ __forceinline__ float warp_reduce_sum(float v) {
  for (int offset = 1; offset < 32; offset <<= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

extern "C" __global__ void pdist_kernel_cuda_impl(float* result, const float* self,
                                                  const long long n, const long long m,
                                                  const float p, const double n2,
                                                  const double n2_squared_minus_1) {
  __shared__ float agg_smem[32];
  const long long k = blockIdx.x;
  const int stride = blockDim.x;
  long long i = (long long)(n2 - sqrt(n2_squared_minus_1 - 2 * k));
  long long j = k - n * i + i * (i + 1) / 2 + i + 1;
  const float* const start = self + i * m;
  const float* const end = start + m;
  const float* a = start + threadIdx.x;
  const float* b = self + j * m + threadIdx.x;
  float agg = 0.0f;
  for (; a < end; a += stride, b += stride) {
    const float diff = fabsf(*a - *b);
    agg += diff * diff;
  }
  // cuda_utils::BlockReduce
  const int lid = threadIdx.x % 32, wid = threadIdx.x / 32;
  agg = warp_reduce_sum(agg);
  __syncthreads();
  if (lid == 0) agg_smem[wid] = agg;
  __syncthreads();
  agg = (threadIdx.x < blockDim.x / 32) ? agg_smem[lid] : 0.0f;
  if (wid == 0) agg = warp_reduce_sum(agg);
  if (threadIdx.x == 0) result[k] = sqrtf(agg);
}
