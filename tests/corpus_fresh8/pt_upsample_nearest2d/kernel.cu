// corpus_fresh8: pt_upsample_nearest2d -- pytorch/pytorch,
// aten/src/ATen/native/cuda/UpSampleNearest2d.cu: upsample_nearest2d_out_frame<float> (the NCHW
// path of F.interpolate(mode="nearest") and nn.Upsample), one thread per output pixel of a 3-D
// block (x along the output row, y over rows, z over the N*C planes), each thread copying its
// pixel in nc / (blockDim.z * gridDim.z) planes. Rewritten for the problem format (see README.md).

// ATen/native/cuda/UpSample.cuh: nearest_neighbor_compute_source_index
__device__ __forceinline__ int nearest_neighbor_compute_source_index(const float scale,
                                                                     int dst_index,
                                                                     int input_size) {
  const int src_index = min(static_cast<int>(floorf(dst_index * scale)), input_size - 1);
  return src_index;
}

extern "C" __global__ void __launch_bounds__(1024)
    upsample_nearest2d_out_frame(const float* idata, float* odata, const size_t nc,
                                 const size_t height1, const size_t width1, const size_t height2,
                                 const size_t width2, float height_scale, float width_scale) {
  size_t nc_iter = threadIdx.z + blockIdx.z * blockDim.z;
  int w2 = threadIdx.x + blockIdx.x * blockDim.x;
  int h2 = threadIdx.y + blockIdx.y * blockDim.y;
  if (w2 >= width2 || h2 >= height2) return;
  int nc_stride = blockDim.z * gridDim.z;
  const size_t h1 =
      height1 == height2 ? h2 : nearest_neighbor_compute_source_index(height_scale, h2, height1);
  const size_t w1 =
      width1 == width2 ? w2 : nearest_neighbor_compute_source_index(width_scale, w2, width1);
  size_t src_index = (nc_iter * height1 + h1) * width1 + w1;
  size_t src_index_stride = nc_stride * width1 * height1;
  size_t dst_index = (nc_iter * height2 + h2) * width2 + w2;
  size_t dst_index_stride = nc_stride * width2 * height2;
  while (nc_iter < nc) {
    odata[dst_index] = idata[src_index];
    dst_index += dst_index_stride;
    src_index += src_index_stride;
    nc_iter += nc_stride;
  }
}
