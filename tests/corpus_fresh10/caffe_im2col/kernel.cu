// corpus_fresh10: caffe_im2col -- BVLC Caffe, src/caffe/util/im2col.cu, im2col_gpu_kernel<float>:
// the lowering of a convolution's input into the column matrix a GEMM then multiplies, one
// thread per (channel, output row, output column), each writing ksize^2 column entries. Here
// VGG-16's conv1_2 (64 channels of 224 x 224, 3 x 3, pad 1, stride 1), 512-thread blocks.
// Rewritten for the problem format (see README.md).
#define CAFFE_CUDA_NUM_THREADS 512

extern "C" __global__ void im2col_gpu_kernel(const int n, const float* data_im, const int height,
                                             const int width, const int ksize, const int pad,
                                             const int stride, const int height_col,
                                             const int width_col, float* data_col) {
  // CUDA_KERNEL_LOOP(index, n)
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < (n);
       index += blockDim.x * gridDim.x) {
    int w_out = index % width_col;
    int h_index = index / width_col;
    int h_out = h_index % height_col;
    int channel_in = h_index / height_col;
    int channel_out = channel_in * ksize * ksize;
    int h_in = h_out * stride - pad;
    int w_in = w_out * stride - pad;
    float* col = data_col + (channel_out * height_col + h_out) * width_col + w_out;
    const float* im = data_im + (channel_in * height + h_in) * width + w_in;
    for (int i = 0; i < ksize; ++i) {
      for (int j = 0; j < ksize; ++j) {
        int h = h_in + i;
        int w = w_in + j;
        *col = (h >= 0 && w >= 0 && h < height && w < width) ? im[i * width + j] : 0;
        col += height_col * width_col;
      }
    }
  }
}
