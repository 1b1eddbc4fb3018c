// corpus_fresh21: pt_maxpool2d_spp13 -- PyTorch (pytorch/pytorch),
// aten/src/ATen/native/cuda/DilatedMaxPool2d.cu: max_pool_forward_nchw<float, float>, the
// contiguous (NCHW) path of max_pool2d_with_indices. One thread per output element through a
// grid-stride loop: the flat index split into (n, c, ph, pw) by three divisions, the window
// clipped to the image, a running maximum (NaN wins) and its flat position in the plane, the
// value and an int64 index stored. Rewritten for the problem format (see README.md): T = float,
// extern "C" (the entry named max_pool_forward_nchw_spp: the batch holds the same kernel twice),
// the loop macro written out as the origin's (int64 counter, int index), the
// int64 index output as long long; the arithmetic, the scan order and the launch as the origin's.

extern "C" __global__ void max_pool_forward_nchw_spp(const int nthreads, const float* bottom_data,
                                                 const int num, const int channels,
                                                 const int height, const int width,
                                                 const int pooled_height, const int pooled_width,
                                                 const int kernel_h, const int kernel_w,
                                                 const int stride_h, const int stride_w,
                                                 const int pad_h, const int pad_w,
                                                 const int dilation_h, const int dilation_w,
                                                 float* top_data, long long* top_mask) {
  long long flat = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  for (int index = (int)flat; flat < nthreads;
       flat += (long long)blockDim.x * gridDim.x, index = (int)flat) {
    const int pw = index % pooled_width;
    const int ph = (index / pooled_width) % pooled_height;
    const int c = (index / pooled_width / pooled_height) % channels;
    const int n = index / pooled_width / pooled_height / channels;
    int hstart = ph * stride_h - pad_h;
    int wstart = pw * stride_w - pad_w;
    const int hend = min(hstart + (kernel_h - 1) * dilation_h + 1, height);
    const int wend = min(wstart + (kernel_w - 1) * dilation_w + 1, width);
    while (hstart < 0) hstart += dilation_h;
    while (wstart < 0) wstart += dilation_w;
    float best = __int_as_float(0xff800000);  // -infinity
    int best_at = hstart * width + wstart;
    const float* plane = bottom_data + (n * channels + c) * height * width;
    for (int h = hstart; h < hend; h += dilation_h) {
      for (int w = wstart; w < wend; w += dilation_w) {
        const float val = plane[h * width + w];
        if (val > best || isnan(val)) {
          best_at = h * width + w;
          best = val;
        }
      }
    }
    top_data[index] = best;
    top_mask[index] = best_at;
  }
}
