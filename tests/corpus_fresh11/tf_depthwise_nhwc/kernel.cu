// corpus_fresh11: tf_depthwise_nhwc -- tensorflow/tensorflow,
// tensorflow/core/kernels/depthwise_conv_op_gpu.h, DepthwiseConv2dGPUKernelNHWC<float, 3, 3, 1>
// (tf.nn.depthwise_conv2d forward, NHWC, the 3 x 3 filter and depth multiplier 1 known at
// compile time): a grid-stride loop over the outputs, each taking its (batch, row, column,
// channel) apart by runtime integer division, then nine taps read straight from global memory
// (interior outputs without bounds checks, border outputs with them). LaunchDepthwiseConv2dGPU
// launches it with GetGpuLaunchConfig's occupancy size (1024 threads under
// __launch_bounds__(1024, 2)) and, for the compile-time variant, at most one block per SM:
// 132 blocks on a 132-SM GPU. Here MobileNet v1's first depthwise layer (112 x 112 x 32,
// stride 1, SAME padding) at batch 64. Rewritten for the problem format (see README.md).

#define kKnownFilterWidth 3
#define kKnownFilterHeight 3
#define kKnownDepthMultiplier 1

// DepthwiseArgs (depthwise_conv_op.h), passed by value in the original: its fields as kernel
// arguments here.
extern "C" __global__ void __launch_bounds__(1024, 2)
    DepthwiseConv2dGPUKernelNHWC(int batch_size, int in_rows, int in_cols, int in_depth,
                                 int filter_rows, int filter_cols, int depth_multiplier_arg,
                                 int stride_arg, int pad_rows, int pad_cols, int out_rows,
                                 int out_cols, int out_depth_arg, const float* input,
                                 const float* filter, float* output, int num_outputs) {
  const int in_height = in_rows;
  const int in_width = in_cols;
  const int filter_height = kKnownFilterHeight < 0 ? filter_rows : kKnownFilterHeight;
  const int filter_width = kKnownFilterWidth < 0 ? filter_cols : kKnownFilterWidth;
  const int depth_multiplier =
      kKnownDepthMultiplier < 0 ? depth_multiplier_arg : kKnownDepthMultiplier;
  const int stride = stride_arg;
  const int pad_height = pad_rows;
  const int pad_width = pad_cols;
  const int out_height = out_rows;
  const int out_width = out_cols;
  const int out_depth = out_depth_arg;

  // CUDA_1D_KERNEL_LOOP(thread_id, num_outputs)
  for (int thread_id = blockIdx.x * blockDim.x + threadIdx.x; thread_id < num_outputs;
       thread_id += blockDim.x * gridDim.x) {
    // Compute the indexes of this thread in the output.
    const int out_channel = thread_id % out_depth;
    const int out_col = (thread_id / out_depth) % out_width;
    const int out_row = (thread_id / out_depth / out_width) % out_height;
    const int batch = thread_id / out_depth / out_width / out_height;
    // Compute the input depth and the index of depth multiplier.
    const int in_channel = out_channel / depth_multiplier;
    const int multiplier = out_channel % depth_multiplier;

    // Decide if all input is valid, if yes, we can skip the boundary checks for each input.
    const int input_row_start = out_row * stride - pad_height;
    const int input_col_start = out_col * stride - pad_width;
    const int input_row_end = input_row_start + filter_height;
    const int input_col_end = input_col_start + filter_width;

    float sum = 0.0f;

    const int input_offset_temp = in_height * batch;
    if (input_row_start >= 0 && input_col_start >= 0 && input_row_end < in_height &&
        input_col_end < in_width) {
#pragma unroll
      for (int filter_row = 0; filter_row < filter_height; ++filter_row) {
        const int in_row = input_row_start + filter_row;
        const int filter_offset_temp = filter_width * filter_row;
#pragma unroll
        for (int filter_col = 0; filter_col < filter_width; ++filter_col) {
          const int in_col = input_col_start + filter_col;
          const int input_offset =
              in_channel + in_depth * (in_col + in_width * (in_row + input_offset_temp));
          const int filter_offset =
              multiplier +
              depth_multiplier * (in_channel + in_depth * (filter_col + filter_offset_temp));
          sum += __ldg(input + input_offset) * __ldg(filter + filter_offset);
        }
      }
    } else {
#pragma unroll
      for (int filter_row = 0; filter_row < filter_height; ++filter_row) {
        const int in_row = input_row_start + filter_row;
        const int filter_offset_temp = filter_width * filter_row;
#pragma unroll
        for (int filter_col = 0; filter_col < filter_width; ++filter_col) {
          const int in_col = input_col_start + filter_col;
          if (in_row >= 0 && in_row < in_height && in_col >= 0 && in_col < in_width) {
            const int input_offset =
                in_channel + in_depth * (in_col + in_width * (in_row + input_offset_temp));
            const int filter_offset =
                multiplier +
                depth_multiplier * (in_channel + in_depth * (filter_col + filter_offset_temp));
            sum += __ldg(input + input_offset) * __ldg(filter + filter_offset);
          }
        }
      }
    }
    output[thread_id] = sum;
  }
}
