// corpus_fresh14: darknet_fast_mean -- darknet, src/blas_kernels.cu: fast_mean_kernel, the
// per-channel mean of batch normalisation in training (forward_batchnorm_layer_gpu ->
// fast_mean_gpu): one block of BLOCK = 512 threads per filter, each thread summing its column of
// every image's plane into a shared slot, then thread 0 adding the 512 slots. Rewritten for the
// problem format (see README.md).

#define BLOCK 512

extern "C" __global__ void fast_mean_kernel(float* x, int batch, int filters, int spatial,
                                            float* mean) {
  const int threads = BLOCK;
  __shared__ float local[threads];

  int id = threadIdx.x;
  local[id] = 0;

  int filter = blockIdx.x;

  int i, j;
  for (j = 0; j < batch; ++j) {
    for (i = 0; i < spatial; i += threads) {
      int index = j * spatial * filters + filter * spatial + i + id;
      local[id] += (i + id < spatial) ? x[index] : 0;
    }
  }

  __syncthreads();

  if (id == 0) {
    mean[filter] = 0;
    for (i = 0; i < threads; ++i) {
      mean[filter] += local[i];
    }
    mean[filter] /= spatial * batch;
  }
}
