// corpus_fresh10: caffe_maxpool_fwd -- BVLC Caffe, src/caffe/layers/pooling_layer.cu,
// MaxPoolForward<float>: one thread per pooled output, its (n, c, ph, pw) recovered from the
// flat index by runtime integer division and modulo, the max of its window and the argmax
// written to the mask. Here AlexNet's pool1 (3 x 3, stride 2, on 96 x 55 x 55, batch 256),
// 512-thread blocks. Rewritten for the problem format (see README.md).
#define FLT_MAX 3.402823466e+38F

extern "C" __global__ void MaxPoolForward(const int nthreads, const float* const bottom_data,
                                          const int num, const int channels, const int height,
                                          const int width, const int pooled_height,
                                          const int pooled_width, const int kernel_h,
                                          const int kernel_w, const int stride_h,
                                          const int stride_w, const int pad_h, const int pad_w,
                                          float* const top_data, int* mask) {
  // CUDA_KERNEL_LOOP(index, nthreads)
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < (nthreads);
       index += blockDim.x * gridDim.x) {
    const int pw = index % pooled_width;
    const int ph = (index / pooled_width) % pooled_height;
    const int c = (index / pooled_width / pooled_height) % channels;
    const int n = index / pooled_width / pooled_height / channels;
    int hstart = ph * stride_h - pad_h;
    int wstart = pw * stride_w - pad_w;
    const int hend = min(hstart + kernel_h, height);
    const int wend = min(wstart + kernel_w, width);
    hstart = max(hstart, 0);
    wstart = max(wstart, 0);
    float maxval = -FLT_MAX;
    int maxidx = -1;
    const float* const bottom_slice = bottom_data + (n * channels + c) * height * width;
    for (int h = hstart; h < hend; ++h) {
      for (int w = wstart; w < wend; ++w) {
        if (bottom_slice[h * width + w] > maxval) {
          maxidx = h * width + w;
          maxval = bottom_slice[maxidx];
        }
      }
    }
    top_data[index] = maxval;
    mask[index] = maxidx;
  }
}
