// corpus_fresh11: tf_bias_nchw -- tensorflow/tensorflow, tensorflow/core/kernels/bias_op_gpu.cu.cc,
// BiasNCHWKernel<float>: BiasAdd in NCHW, a grid-stride loop (GPU_1D_KERNEL_LOOP) over the
// elements, each finding its channel by two runtime integer divisions (index / image_size,
// then % bias_size) and adding that channel's bias. BiasGPU<float>::compute launches it with
// GetGpuLaunchConfig: 1024 threads, min(ceil(physical threads / 1024), SM count) = 132 blocks
// on a 132-SM GPU. Here a ResNet-50 stage-1 activation: 32 x 256 x 56 x 56.
// Rewritten for the problem format (see README.md).

extern "C" __global__ void BiasNCHWKernel(int nthreads, const float* input, const float* bias,
                                          float* output, int bias_size, int image_size) {
  // GPU_1D_KERNEL_LOOP(index, nthreads)
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < nthreads;
       index += blockDim.x * gridDim.x) {
    int index2 = index / image_size;
    int bias_offset = index2 % bias_size;
    output[index] = __ldg(input + index) + __ldg(bias + bias_offset);
  }
}
