// corpus_fresh13: pt_searchsorted -- PyTorch ATen, Bucketization.cu: searchsorted_cuda_kernel
// <float, int64_t> with lower_bound, the kernel of torch.bucketize / torch.searchsorted on 1-D
// boundaries: a grid-stride loop, one binary search over the whole boundary tensor per input
// element. Rewritten for the problem format (see README.md).

__device__ long long lower_bound(const float* data_ss, long long start, long long end,
                                 const float val) {
  while (start < end) {
    const long long mid = start + ((end - start) >> 1);
    const float mid_val = data_ss[mid];
    if (!(mid_val >= val)) {
      start = mid + 1;
    } else {
      end = mid;
    }
  }
  return start;
}

__device__ long long upper_bound(const float* data_ss, long long start, long long end,
                                 const float val) {
  while (start < end) {
    const long long mid = start + ((end - start) >> 1);
    const float mid_val = data_ss[mid];
    if (!(mid_val > val)) {
      start = mid + 1;
    } else {
      end = mid;
    }
  }
  return start;
}

extern "C" __global__ void searchsorted_cuda_kernel(long long* data_out, const float* data_in,
                                                    const float* data_bd, long long idim_in,
                                                    long long idim_bd, long long numel_in,
                                                    int right, int is_1d_boundaries) {
  for (long long tid = blockIdx.x * blockDim.x + threadIdx.x; tid < numel_in;
       tid += blockDim.x * gridDim.x) {
    // 1-D boundaries: every element searches the whole tensor
    long long start_bd = is_1d_boundaries ? 0 : tid / idim_in * idim_bd;
    long long end_bd = start_bd + idim_bd;
    long long pos = !right ? lower_bound(data_bd, start_bd, end_bd, data_in[tid]) - start_bd
                           : upper_bound(data_bd, start_bd, end_bd, data_in[tid]) - start_bd;
    data_out[tid] = pos;
  }
}
