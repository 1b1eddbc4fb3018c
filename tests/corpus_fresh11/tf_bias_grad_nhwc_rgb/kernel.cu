// corpus_fresh11: tf_bias_grad_nhwc_rgb -- tensorflow/tensorflow,
// tensorflow/core/kernels/bias_op_gpu.cu.cc, BiasGradNHWC_SharedAtomics<float>: the gradient of
// BiasAdd in NHWC, each block summing its share of the incoming gradient into bias_size shared
// floats with shared-memory atomics (element index % bias_size picks the channel), then adding
// its partial sums to the output with global atomics. BiasGradGPU<float>::compute launches it
// with GetGpuLaunchConfig (1024 threads, min(ceil(physical threads / 1024), SM count) = 132
// blocks on a 132-SM GPU) and bias_size floats of dynamic shared memory. Here the bias of an
// image network's last convolution, three channels (RGB), 16 images of 512 x 512.
// Rewritten for the problem format (see README.md).

extern "C" __global__ void BiasGradNHWC_SharedAtomics(int nthreads, const float* output_backprop,
                                                      float* bias_backprop, int bias_size) {
  extern __shared__ char s_buf[];
  float* s_data = reinterpret_cast<float*>(s_buf);
  for (int index = threadIdx.x; index < bias_size; index += blockDim.x) {
    s_data[index] = 0.0f;
  }
  __syncthreads();

  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < nthreads;
       index += blockDim.x * gridDim.x) {
    int bias_offset = index % bias_size;
    atomicAdd(s_data + bias_offset, __ldg(output_backprop + index));
  }
  __syncthreads();

  for (int index = threadIdx.x; index < bias_size; index += blockDim.x) {
    atomicAdd(bias_backprop + index, s_data[index]);
  }
}
