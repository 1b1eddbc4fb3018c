// corpus_fresh6: pt_nll_loss_one_warp -- pytorch/pytorch, aten/src/ATen/native/cuda/Loss.cu
// (nll_loss_forward_reduce_cuda_kernel_2d<float, float, int64_t>, the reduction path of
// F.nll_loss / F.cross_entropy on a [batch, classes] input), rewritten for the problem format
// (see README.md). PyTorch launches ONE block of NLL_LOSS_THREADS = 32 threads: each lane walks
// every 32nd sample, reads its target class, gathers the sample's log-probability of that class
// and the class weight, and accumulates in shared memory; lane 0 sums the 32 partials.
#define NLL_LOSS_THREADS 32

extern "C" __global__ void nll_loss_forward_reduce_cuda_kernel_2d(
    float* output, float* total_weight, float* input, long long* target, float* weights,
    int size_average, long long nframe, long long ndim, long long n_classes,
    long long ignore_index) {
  __shared__ float sh_inputs[NLL_LOSS_THREADS], acc_weight[NLL_LOSS_THREADS];
  sh_inputs[threadIdx.x] = 0.0f;
  acc_weight[threadIdx.x] = 0.0f;
  for (int i = threadIdx.x; i < nframe; i += NLL_LOSS_THREADS) {
    long long t = target[i];
    if (t != ignore_index) {
      float cur_weight = weights != nullptr ? weights[t] : 1.0f;
      sh_inputs[threadIdx.x] -= input[i * ndim + t] * cur_weight;
      acc_weight[threadIdx.x] += cur_weight;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float output_acc = 0;
    float total_weight_acc = 0;
    for (int i = 0; i < NLL_LOSS_THREADS; ++i) {
      output_acc += sh_inputs[i];
      total_weight_acc += acc_weight[i];
    }
    *total_weight = total_weight_acc;
    if (size_average)
      *output = output_acc / total_weight_acc;
    else
      *output = output_acc;
  }
}
