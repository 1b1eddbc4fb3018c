// corpus_fresh11: mmcv_sigmoid_focal_loss -- open-mmlab/mmcv,
// mmcv/ops/csrc/common/cuda/sigmoid_focal_loss_cuda_kernel.cuh,
// sigmoid_focal_loss_forward_cuda_kernel<float> (the RetinaNet focal loss of mmdet): a
// grid-stride loop (CUDA_1D_KERNEL_LOOP) over anchors x classes, each element its anchor's
// label, a sigmoid, two powf and two logf, and three read-modify-writes of its output.
// SigmoidFocalLossForwardCUDAKernelLauncher launches it on GET_BLOCKS(n) = min(ceil(n / 512),
// 4096) blocks of THREADS_PER_BLOCK = 512. Here RetinaNet's training loss at mmdet's two images
// per GPU: 364544 anchors x 80 classes, gamma 2, alpha 0.25, no class weights.
// Rewritten for the problem format (see README.md).
#define FLT_MIN 1.175494351e-38F

extern "C" __global__ void sigmoid_focal_loss_forward_cuda_kernel(const int nthreads,
                                                                  const float* input,
                                                                  const long long* target,
                                                                  float* output,
                                                                  const float gamma,
                                                                  const float alpha,
                                                                  const int num_classes) {
  // CUDA_1D_KERNEL_LOOP(index, nthreads)
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < nthreads;
       index += blockDim.x * gridDim.x) {
    int n = index / num_classes;
    int c = index % num_classes;

    long long t = target[n];
    float flag_p = (t == c);
    float flag_n = (t != c);

    // p = sigmoid(x) = 1. / 1. + expf(-x)
    float p = 1.f / (1.f + expf(-input[index]));

    // (1 - p)**gamma * log(p)
    float term_p = powf((1.f - p), gamma) * logf(fmaxf(p, FLT_MIN));
    // p**gamma * log(1 - p)
    float term_n = powf(p, gamma) * logf(fmaxf(1.f - p, FLT_MIN));

    output[index] = 0.f;
    output[index] += -flag_p * alpha * term_p;
    output[index] += -flag_n * (1.f - alpha) * term_n;
  }
}
