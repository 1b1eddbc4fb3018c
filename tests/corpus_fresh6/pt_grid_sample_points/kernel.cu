// corpus_fresh6: pt_grid_sample_points -- pytorch/pytorch, aten/src/ATen/native/cuda/
// GridSampler.cu (grid_sampler_2d_kernel<float, int>, bilinear, zeros padding,
// align_corners=False), called here as PointRend's point_sample calls F.grid_sample: a grid of
// N x P x 1 points, each feature map sampled at P scattered points. Rewritten for the problem
// format (see README.md). One thread per output point: it unnormalises the point's coordinates,
// then for every channel reads the four surrounding pixels and writes their bilinear blend.
__device__ __forceinline__ float grid_sampler_unnormalize(float coord, int size) {
  // align_corners = False: -1 and 1 are the outer edges of the corner pixels
  return ((coord + 1.f) * size - 1) / 2;
}

__device__ __forceinline__ bool within_bounds_2d(int h, int w, int H, int W) {
  return h >= 0 && h < H && w >= 0 && w < W;
}

extern "C" __global__ void __launch_bounds__(256)
    grid_sampler_2d_kernel(const int nthreads, const float* __restrict__ input_data,
                           const float* __restrict__ grid_data, float* __restrict__ output_data,
                           int C, int inp_H, int inp_W, int out_H, int out_W) {
  // contiguous NCHW input and output, NHW2 grid: the strides TensorInfo would carry
  const int inp_sN = C * inp_H * inp_W, inp_sC = inp_H * inp_W, inp_sH = inp_W, inp_sW = 1;
  const int grid_sN = out_H * out_W * 2, grid_sH = out_W * 2, grid_sW = 2, grid_sCoor = 1;
  const int out_sN = C * out_H * out_W, out_sC = out_H * out_W, out_sH = out_W, out_sW = 1;
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < nthreads;
       index += blockDim.x * gridDim.x) {
    const int w = index % out_W;
    const int h = (index / out_W) % out_H;
    const int n = index / (out_H * out_W);
    const int grid_offset = n * grid_sN + h * grid_sH + w * grid_sW;
    float x = grid_data[grid_offset];
    float y = grid_data[grid_offset + grid_sCoor];
    float ix = grid_sampler_unnormalize(x, inp_W);
    float iy = grid_sampler_unnormalize(y, inp_H);
    // the four neighbours and their bilinear weights
    int ix_nw = static_cast<int>(::floorf(ix));
    int iy_nw = static_cast<int>(::floorf(iy));
    int ix_ne = ix_nw + 1, iy_ne = iy_nw;
    int ix_sw = ix_nw, iy_sw = iy_nw + 1;
    int ix_se = ix_nw + 1, iy_se = iy_nw + 1;
    float nw = (ix_se - ix) * (iy_se - iy);
    float ne = (ix - ix_sw) * (iy_sw - iy);
    float sw = (ix_ne - ix) * (iy - iy_ne);
    float se = (ix - ix_nw) * (iy - iy_nw);
    const float* inp_ptr_NC = input_data + n * inp_sN;
    float* out_ptr_NCHW = output_data + n * out_sN + h * out_sH + w * out_sW;
    for (int c = 0; c < C; ++c, inp_ptr_NC += inp_sC, out_ptr_NCHW += out_sC) {
      float out_acc = 0;
      if (within_bounds_2d(iy_nw, ix_nw, inp_H, inp_W))
        out_acc += inp_ptr_NC[iy_nw * inp_sH + ix_nw * inp_sW] * nw;
      if (within_bounds_2d(iy_ne, ix_ne, inp_H, inp_W))
        out_acc += inp_ptr_NC[iy_ne * inp_sH + ix_ne * inp_sW] * ne;
      if (within_bounds_2d(iy_sw, ix_sw, inp_H, inp_W))
        out_acc += inp_ptr_NC[iy_sw * inp_sH + ix_sw * inp_sW] * sw;
      if (within_bounds_2d(iy_se, ix_se, inp_H, inp_W))
        out_acc += inp_ptr_NC[iy_se * inp_sH + ix_se * inp_sW] * se;
      *out_ptr_NCHW = out_acc;
    }
  }
}
