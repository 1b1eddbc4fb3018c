// corpus_fresh14: pt_upsample_bilinear2d -- PyTorch ATen, UpSampleBilinear2d.cu:
// upsample_bilinear2d_out_frame<float, float>, the NCHW kernel of F.interpolate(mode="bilinear",
// align_corners=False): one thread per output pixel (h2, w2), which walks every (batch, channel)
// plane itself. Rewritten for the problem format (see README.md).

// UpSample.cuh: area_pixel_compute_source_index for align_corners = false, not cubic
__device__ __forceinline__ float area_pixel_compute_source_index(float scale, int dst_index) {
  const float src_idx = scale * (dst_index + 0.5f) - 0.5f;
  return src_idx < 0.f ? 0.f : src_idx;
}

// The two PackedTensorAccessor64<float, 4> arguments are passed as a base pointer with their
// sizes; strides are the contiguous NCHW ones, in 64-bit arithmetic as the accessor's.
extern "C" __global__ void __launch_bounds__(1024)
upsample_bilinear2d_out_frame(const int n, const float rheight, const float rwidth,
                              const float* idata, float* odata, const long long batchsize,
                              const long long channels, const long long height1,
                              const long long width1, const long long height2,
                              const long long width2) {
  const int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < n) {
    const int w2 = index % (int)width2;  // 0:width2-1
    const int h2 = index / (int)width2;  // 0:height2-1
    // the special case of equal sizes (a copy) is not taken for this shape
    const float h1r = area_pixel_compute_source_index(rheight, h2);
    const int h1 = h1r;
    const int h1p = (h1 < height1 - 1) ? 1 : 0;
    const float h1lambda = h1r - h1;
    const float h0lambda = 1.f - h1lambda;
    const float w1r = area_pixel_compute_source_index(rwidth, w2);
    const int w1 = w1r;
    const int w1p = (w1 < width1 - 1) ? 1 : 0;
    const float w1lambda = w1r - w1;
    const float w0lambda = 1.f - w1lambda;
    for (long long nb = 0; nb < batchsize; nb++) {
      for (long long c = 0; c < channels; ++c) {
        const float* in = idata + (nb * channels + c) * height1 * width1;
        const float val =
            h0lambda * (w0lambda * in[h1 * width1 + w1] + w1lambda * in[h1 * width1 + w1 + w1p]) +
            h1lambda * (w0lambda * in[(h1 + h1p) * width1 + w1] +
                        w1lambda * in[(h1 + h1p) * width1 + w1 + w1p]);
        odata[((nb * channels + c) * height2 + h2) * width2 + w2] = val;
      }
    }
  }
}
