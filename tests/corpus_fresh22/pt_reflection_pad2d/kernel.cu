// corpus_fresh22: pt_reflection_pad2d -- PyTorch (pytorch/pytorch),
// aten/src/ATen/native/cuda/ReflectionPad.cu: reflection_pad2d_out_kernel<float> with its index
// helper get_index_mapping2d, the forward of nn.ReflectionPad2d. A 3-D grid of 1-D blocks: x over
// the output plane in 256-thread blocks, y over the channels, z over the batch; each thread
// splits its flat plane index into (x, y) with an int64 division, reflects both coordinates with
// abs() arithmetic and copies one float.
// Rewritten for the problem format (see README.md): scalar_t = float, extern "C", int64_t as
// long long, thrust::pair as two values, ::max / ::abs on long long; the index arithmetic (its
// int64 types included: output_dim_x is int64 because input_dim_x is), the bounds test and the
// launch (block min(256, plane), grid (ceil(plane / 256), channels, batch)) as the origin's.

__device__ __forceinline__ void rp_index_mapping2d(long long input_dim_x, long long input_dim_y,
                                                   long long output_dim_x, long long output_dim_y,
                                                   long long pad_l, long long pad_t,
                                                   long long output_xy, long long* in_idx,
                                                   long long* out_idx) {
  // 3D grid of 1D blocks
  auto input_offset = (blockIdx.y + blockIdx.z * gridDim.y) * input_dim_x * input_dim_y;
  auto output_offset = (blockIdx.y + blockIdx.z * gridDim.y) * output_dim_x * output_dim_y;

  auto output_x = output_xy % output_dim_x;
  auto output_y = output_xy / output_dim_x;

  auto i_start_x = ::max((long long)0, -pad_l);
  auto i_start_y = ::max((long long)0, -pad_t);
  auto o_start_x = ::max((long long)0, pad_l);
  auto o_start_y = ::max((long long)0, pad_t);

  auto input_x = ::llabs(output_x - pad_l) - ::llabs(output_x - (input_dim_x + pad_l - 1)) -
                 output_x + 2 * pad_l + input_dim_x - 1 - o_start_x + i_start_x;
  auto input_y = ::llabs(output_y - pad_t) - ::llabs(output_y - (input_dim_y + pad_t - 1)) -
                 output_y + 2 * pad_t + input_dim_y - 1 - o_start_y + i_start_y;

  *in_idx = input_offset + input_y * input_dim_x + input_x;
  *out_idx = output_offset + output_y * output_dim_x + output_x;
}

extern "C" __global__ void reflection_pad2d_out_kernel(float* input, float* output,
                                                       long long input_dim_x,
                                                       long long input_dim_y, int pad_t,
                                                       int pad_b, int pad_l, int pad_r) {
  auto output_xy = threadIdx.x + blockIdx.x * blockDim.x;
  auto output_dim_x = input_dim_x + pad_l + pad_r;
  auto output_dim_y = input_dim_y + pad_t + pad_b;

  if (output_xy < output_dim_x * output_dim_y) {
    long long in_idx, out_idx;
    rp_index_mapping2d(input_dim_x, input_dim_y, output_dim_x, output_dim_y, pad_l, pad_t,
                       output_xy, &in_idx, &out_idx);
    output[out_idx] = input[in_idx];
  }
}
