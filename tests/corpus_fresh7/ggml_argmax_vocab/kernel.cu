// corpus_fresh7: ggml_argmax_vocab -- ggml-org/llama.cpp, ggml/src/ggml-cuda/argmax.cu:
// argmax_f32, greedy sampling over the logits of a batch of sequences, one block per row with
// min(1024, ncols rounded up to a warp) threads. Rewritten for the problem format (see
// README.md): each thread keeps the first maximum of its strided columns, a warp shuffle
// reduction then a shared one across the block's warps pick the row's first maximum.
#define WARP_SIZE 32
#define FLT_MAX_ 3.402823466e+38F

extern "C" __global__ void argmax_f32(const float* __restrict__ x, int* __restrict__ dst,
                                      const long long ncols) {
  const long long row = blockIdx.x;
  float maxval = -FLT_MAX_;
  int argmax = -1;
  const float* rowx = x + row * ncols;
  for (int col = threadIdx.x; col < ncols; col += blockDim.x) {
    const float val = rowx[col];
    if (val > maxval) {
      maxval = val;
      argmax = col;
    }
  }
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
    const float val = __shfl_xor_sync(0xFFFFFFFF, maxval, offset, WARP_SIZE);
    const int col = __shfl_xor_sync(0xFFFFFFFF, argmax, offset, WARP_SIZE);
    if (val > maxval) {
      maxval = val;
      argmax = col;
    } else if (val == maxval && col < argmax) {
      argmax = col;  // the first occurrence wins a tie
    }
  }
  const int n_warps = blockDim.x / WARP_SIZE;
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  if (n_warps > 1) {
    const int max_warps = 1024 / WARP_SIZE;
    __shared__ float shared_maxval[max_warps];
    __shared__ int shared_argmax[max_warps];
    if (lane_id == 0) {
      shared_maxval[warp_id] = maxval;
      shared_argmax[warp_id] = argmax;
    }
    __syncthreads();
    if (warp_id == 0) {
      if (lane_id < n_warps) {
        maxval = shared_maxval[lane_id];
        argmax = shared_argmax[lane_id];
      }
#pragma unroll
      for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
        const float val = __shfl_xor_sync(0xFFFFFFFF, maxval, offset, WARP_SIZE);
        const int col = __shfl_xor_sync(0xFFFFFFFF, argmax, offset, WARP_SIZE);
        if (val > maxval) {
          maxval = val;
          argmax = col;
        } else if (val == maxval && col < argmax) {
          argmax = col;
        }
      }
    }
  }
  if (warp_id == 0 && lane_id == 0) dst[row] = argmax;
}
